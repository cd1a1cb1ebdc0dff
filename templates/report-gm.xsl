<?xml version="1.0" encoding="UTF-8"?>
<!-- report-gm.xsl: the GM's turn report: every ship of every side, every die,
     and the orders that were in force.

     Input: the report document (docs/templates.md lists its elements).
     Output: plain text, every line at most 76 characters (nv:wrap and
     nv:pad count characters; Navarch checks the result and refuses a
     report that breaks the rules of plain-text mail).
     Edit freely; keep <xsl:output method="text"/>. -->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:nv="urn:navarch:report"
    exclude-result-prefixes="nv">
<xsl:output method="text" encoding="UTF-8"/>
<xsl:strip-space elements="*"/>

<xsl:variable name="nl" select="'&#10;'"/>
<!-- The ship tables' code and hex columns: as wide as the longest code
     (3 in a battle of up to 99 ships a side) and the map's hex names (4,
     or 6 on a map over 99), and a space; the ship column gives up what
     the table of own ships would need beyond 76 characters. -->
<xsl:variable name="codew" select="/report/@code-width + 1"/>
<xsl:variable name="hexw" select="/report/@hex-width + 1"/>
<xsl:variable name="shipw"
    select="21 - ($codew + $hexw > 12) * ($codew + $hexw - 12)"/>
<xsl:variable name="rule"
    select="'----------------------------------------------------------------------------'"/>

<xsl:template match="/report">
  <xsl:value-of select="concat('NAVARCH -- turn ', @turn, ' GM report', $nl)"/>
  <xsl:if test="@parts > 1">
    <xsl:value-of select="concat(nv:wrap(concat('Part ', @part, ' of ',
        @parts, ' of this report, a mail each: ships ', @part-first,
        ' to ', @part-last, ' and what concerns them.'), '', '  '), $nl)"/>
  </xsl:if>
  <xsl:if test="@game != ''">
    <xsl:value-of select="concat('Game: ', @game, $nl)"/>
  </xsl:if>
  <xsl:if test="@title != ''">
    <xsl:value-of select="concat(nv:wrap(@title, '', '  '), $nl)"/>
  </xsl:if>
  <xsl:if test="result/@kind = 'playing'">
    <xsl:value-of select="concat('Next turn: ', @next-turn)"/>
    <xsl:if test="settings/@turn-limit > 0">
      <xsl:value-of select="concat(' of ', settings/@turn-limit)"/>
    </xsl:if>
    <xsl:if test="deadline != ''">
      <xsl:value-of select="concat('. Orders due: ', deadline)"/>
    </xsl:if>
    <xsl:value-of select="$nl"/>
  </xsl:if>
  <xsl:if test="settings/@visibility > 0">
    <xsl:value-of select="concat('Fog of war: each side sees ',
        settings/@visibility, ' hexes; this report shows everything.', $nl)"/>
  </xsl:if>

  <xsl:for-each select="sides/side">
    <xsl:call-template name="side-ships"/>
  </xsl:for-each>
  <xsl:call-template name="wrecks"/>
  <xsl:call-template name="orders"/>
  <xsl:if test="corrections/correction">
    <xsl:call-template name="heading">
      <xsl:with-param name="t" select="'GM CORRECTIONS'"/>
    </xsl:call-template>
    <xsl:for-each select="corrections/correction">
      <xsl:value-of select="concat(nv:wrap(concat(@ship, ': ', .), '  ',
          '    '), $nl)"/>
    </xsl:for-each>
  </xsl:if>
  <xsl:call-template name="events"/>
  <xsl:call-template name="dice"/>
  <xsl:call-template name="heading"><xsl:with-param name="t" select="'MAP'"/></xsl:call-template>
  <xsl:value-of select="map"/>
  <xsl:call-template name="result"/>
</xsl:template>

<xsl:template name="heading">
  <xsl:param name="t"/>
  <xsl:value-of select="concat($nl, $t, $nl, $rule, $nl)"/>
</xsl:template>

<!-- One side's ships: those it holds, then those it lost. -->
<xsl:template name="side-ships">
  <xsl:variable name="id" select="@id"/>
  <xsl:call-template name="heading">
    <xsl:with-param name="t" select="concat('SHIPS OF ', @name, ' (', @letter,
        ', ', @nation-name, ', ', @crew, ' crews)')"/>
  </xsl:call-template>
  <xsl:variable name="afloat" select="/report/ships/ship[@status = 'afloat' or
      @status = 'captured'][@side = $id]"/>
  <xsl:choose>
    <xsl:when test="$afloat">
      <!-- The ruleset's columns after the common ones: their heading,
           each ship's, and the legend below (its report module,
           docs/templates.md). -->
      <xsl:value-of select="concat(nv:pad('Map', $codew),
          nv:pad('Ship', $shipw), 'Class       ', nv:pad('Hex', $hexw),
          'Face ', /report/ship-table/@head, $nl)"/>
      <xsl:for-each select="$afloat">
        <xsl:value-of select="concat(nv:pad(@code, $codew),
            nv:pad(substring(concat(@id, ' ', @name), 1, $shipw - 1),
              $shipw),
            nv:pad(substring(@class, 1, 11), 12),
            nv:pad(@hex, $hexw), nv:pad(@facing, 4), @cols, $nl)"/>
      </xsl:for-each>
      <xsl:if test="/report/ship-table/@legend != ''">
        <xsl:value-of select="concat(nv:wrap(/report/ship-table/@legend, '', ''), $nl)"/>
      </xsl:if>
      <xsl:for-each select="$afloat">
        <xsl:call-template name="ship-detail"/>
      </xsl:for-each>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="concat('No ship left in the battle.', $nl)"/>
    </xsl:otherwise>
  </xsl:choose>
  <xsl:variable name="gone" select="/report/ships/ship[@owner = $id][not(@status = 'afloat' or
      @status = 'captured') or @side != $id]"/>
  <xsl:if test="$gone">
    <xsl:value-of select="concat('Lost or gone:', $nl)"/>
    <xsl:for-each select="$gone">
      <xsl:variable name="fate">
        <xsl:choose>
          <xsl:when test="@status = 'sunk'">
            <xsl:value-of select="concat('sunk in ', @hex)"/>
          </xsl:when>
          <xsl:when test="@status = 'exited'">
            <xsl:value-of select="concat('sailed off the map from ', @hex,
                ' and left the battle')"/>
          </xsl:when>
          <!-- A status of the ruleset's own: its fate's words. -->
          <xsl:when test="@status != 'captured' and @status != 'afloat'">
            <xsl:value-of select="concat(@fate, ', last in ', @hex)"/>
          </xsl:when>
          <xsl:otherwise>
            <xsl:value-of select="concat('captured by ', @side, ', in ',
                @hex)"/>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:variable>
      <!-- The name too: the ship is in no table any more. -->
      <xsl:value-of select="nv:wrap(concat(@id,
          substring(concat(' ', @name), 1, 1 + string-length(@name)),
          ' (', @class, '): ', $fate), '  ', '    ')"/>
      <xsl:value-of select="$nl"/>
    </xsl:for-each>
  </xsl:if>
</xsl:template>

<!-- The ruleset's sentence of the ship's figures and what binds it next
     turn (its report module). -->
<xsl:template name="ship-detail">
  <xsl:value-of select="nv:wrap(@detail, '  ', '    ')"/>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template name="wrecks">
  <xsl:if test="wrecks/wreck">
    <!-- A long list is wrapped: a battle may leave dozens of wrecks. -->
    <xsl:variable name="list">
      <xsl:for-each select="wrecks/wreck">
        <xsl:value-of select="concat(' ', @hex)"/>
        <xsl:if test="@ship != ''">
          <xsl:value-of select="concat(' (', @ship, ')')"/>
        </xsl:if>
        <xsl:if test="position() != last()">,</xsl:if>
      </xsl:for-each>
    </xsl:variable>
    <xsl:value-of select="concat($nl, nv:wrap(concat('Wrecks:', $list),
        '', '  '), $nl)"/>
  </xsl:if>
</xsl:template>

<!-- The orders in force, as the parser understood them. -->
<xsl:template name="orders">
  <xsl:call-template name="heading">
    <xsl:with-param name="t" select="concat('ORDERS IN FORCE FOR TURN ', @turn)"/>
  </xsl:call-template>
  <xsl:choose>
    <xsl:when test="orders-in-force/line">
      <xsl:for-each select="orders-in-force/line">
        <xsl:value-of select="concat(nv:wrap(., '', '    '), $nl)"/>
      </xsl:for-each>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="concat('No orders: every ship took the default order.', $nl)"/>
    </xsl:otherwise>
  </xsl:choose>
</xsl:template>

<!-- Every die with the label it was drawn for (docs/dice.md tells how
     to recompute a seeded roll from its label). -->
<xsl:template name="dice">
  <xsl:if test="dice/roll">
    <xsl:call-template name="heading"><xsl:with-param name="t" select="'DICE'"/></xsl:call-template>
    <xsl:for-each select="dice/roll">
      <xsl:value-of select="concat(nv:wrap(concat('1d',
          @sides, '=', @result, ' ', @ship, ' ', @purpose, ' [', @label, ']'),
          concat(nv:lpad(position(), 3), '. '), '       '), $nl)"/>
    </xsl:for-each>
  </xsl:if>
</xsl:template>

<xsl:template name="events">
  <xsl:call-template name="heading">
    <xsl:with-param name="t" select="concat('TURN ', @turn, ', PHASE BY PHASE')"/>
  </xsl:call-template>
  <xsl:for-each select="events/phase">
    <xsl:variable name="title">
      <xsl:choose>
        <xsl:when test="@when = 'before'">Orders</xsl:when>
        <xsl:when test="@when = 'end'">End of the turn</xsl:when>
        <xsl:otherwise><xsl:value-of select="concat('Phase ', @n)"/></xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <xsl:choose>
      <xsl:when test="event">
        <xsl:value-of select="concat($title, $nl)"/>
        <xsl:for-each select="event">
          <xsl:choose>
            <xsl:when test="@kind = 'roll'">
              <xsl:value-of select="nv:wrap(concat('(die) ', .), '    ', '          ')"/>
            </xsl:when>
            <xsl:otherwise>
              <xsl:value-of select="nv:wrap(., '  ', '      ')"/>
            </xsl:otherwise>
          </xsl:choose>
          <xsl:value-of select="$nl"/>
        </xsl:for-each>
      </xsl:when>
      <xsl:when test="@when = 'phase'">
        <xsl:value-of select="concat($title, ': nothing happened.', $nl)"/>
      </xsl:when>
    </xsl:choose>
  </xsl:for-each>
</xsl:template>

<xsl:template name="result">
  <xsl:call-template name="heading"><xsl:with-param name="t" select="'SCORE'"/></xsl:call-template>
  <xsl:choose>
    <xsl:when test="result/@kind = 'won'">
      <xsl:value-of select="nv:wrap(concat('The game is over: ', result/@winner,
          ' wins. ', result/@reason), '', '')"/>
      <xsl:value-of select="$nl"/>
    </xsl:when>
    <xsl:when test="result/@kind = 'drawn'">
      <xsl:value-of select="nv:wrap(concat('The game is over: a draw. ',
          result/@reason), '', '')"/>
      <xsl:value-of select="$nl"/>
    </xsl:when>
  </xsl:choose>
  <xsl:choose>
    <xsl:when test="result/score">
      <xsl:choose>
        <xsl:when test="result/@score = 'final'">Final score:</xsl:when>
        <xsl:otherwise>Score so far:</xsl:otherwise>
      </xsl:choose>
      <xsl:for-each select="result/score">
        <xsl:value-of select="concat(' ', @side, ' ', @points)"/>
        <xsl:if test="position() != last()">,</xsl:if>
      </xsl:for-each>
      <xsl:value-of select="$nl"/>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="nv:wrap('No score: the ruleset keeps none.', '', '')"/>
      <xsl:value-of select="$nl"/>
    </xsl:otherwise>
  </xsl:choose>
  <!-- A ruleset that loses a battle on losses (its report module):
       each side's against the part of its fleet that loses it. -->
  <xsl:for-each select="/report/losses/side">
    <xsl:value-of select="nv:wrap(concat(@id, ' has lost ', @lost, ' of ',
        @points, ' points; losing ', @third, ' loses the battle.'), '', '')"/>
    <xsl:value-of select="$nl"/>
  </xsl:for-each>
</xsl:template>

</xsl:stylesheet>
