<?xml version="1.0" encoding="UTF-8"?>
<!-- report-side.xsl: a side's turn report, the mail a player reads.

     Input: the report document (docs/templates.md lists its elements);
     under fog of war it already holds only what this side saw.
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
  <!-- Heading -->
  <xsl:value-of select="concat('NAVARCH -- turn ', @turn, ' report for ',
      reader/@side-name, $nl)"/>
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
  <xsl:choose>
    <xsl:when test="result/@kind = 'playing'">
      <xsl:value-of select="concat('Next turn: ', @next-turn)"/>
      <xsl:if test="settings/@turn-limit > 0">
        <xsl:value-of select="concat(' of ', settings/@turn-limit)"/>
      </xsl:if>
      <xsl:if test="deadline != ''">
        <xsl:value-of select="concat('. Orders due: ', deadline)"/>
      </xsl:if>
      <xsl:value-of select="$nl"/>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="concat('The game is over.', $nl)"/>
    </xsl:otherwise>
  </xsl:choose>
  <xsl:if test="settings/@fog = 'yes'">
    <xsl:value-of select="nv:wrap(concat('Fog of war: your ships see ',
        settings/@visibility, ' hexes, where land does not block the',
        ' view. This report shows only what they saw.'), '', '')"/>
    <xsl:value-of select="$nl"/>
  </xsl:if>

  <xsl:call-template name="directives"/>
  <xsl:call-template name="own-ships"/>
  <xsl:call-template name="side-ships"/>
  <xsl:call-template name="enemies"/>
  <xsl:call-template name="wrecks"/>
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
  <xsl:call-template name="heading"><xsl:with-param name="t" select="'MAP'"/></xsl:call-template>
  <xsl:value-of select="map"/>
  <xsl:call-template name="result"/>
  <xsl:call-template name="order-template"/>
</xsl:template>

<!-- The admiral's directives to this player (DIRECTIVE by mail), first
     thing after the heading; absent from a report without them. -->
<xsl:template name="directives">
  <xsl:if test="directives/directive">
    <xsl:call-template name="heading">
      <xsl:with-param name="t" select="'DIRECTIVES FROM YOUR ADMIRAL'"/>
    </xsl:call-template>
    <xsl:for-each select="directives/directive">
      <xsl:value-of select="concat(nv:wrap(concat(@from, ' (turn ', @turn,
          '): ', .), '  ', '    '), $nl)"/>
    </xsl:for-each>
  </xsl:if>
</xsl:template>

<xsl:template name="heading">
  <xsl:param name="t"/>
  <xsl:value-of select="concat($nl, $t, $nl, $rule, $nl)"/>
</xsl:template>

<!-- Own ships (group "own": those the reader commands, all the side's
     for its only player): the table, then what binds each ship next
     turn. -->
<xsl:template name="own-ships">
  <xsl:call-template name="heading"><xsl:with-param name="t" select="'YOUR SHIPS'"/></xsl:call-template>
  <xsl:variable name="afloat" select="ships/ship[@group = 'own'][@status =
      'afloat' or @status = 'captured'][@side = /report/reader/@side]"/>
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
        <xsl:value-of select="$nl"/>
        <xsl:call-template name="ship-detail"/>
      </xsl:for-each>
    </xsl:when>
    <!-- A player of a shared side who commands none of its ships (an
         admiral whose captains command them all) has lost nothing. -->
    <xsl:when test="not(ships/ship[@group = 'own']) and ships/ship[@group =
        'side'][@status = 'afloat' or @status = 'captured']">
      <xsl:value-of select="concat('You command no ship: those of your',
          ' side are below, with their commanders.', $nl)"/>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="concat('You have no ship left in the battle.', $nl)"/>
    </xsl:otherwise>
  </xsl:choose>
  <xsl:call-template name="gone">
    <xsl:with-param name="gone" select="ships/ship[@group = 'own'][not(@status
        = 'afloat' or @status = 'captured') or @side != /report/reader/@side]"/>
    <xsl:with-param name="t" select="'Out of your hands:'"/>
  </xsl:call-template>
</xsl:template>

<!-- A player of a shared side: the rest of his side's ships (group
     "side"), each with the player who commands it. -->
<xsl:template name="side-ships">
  <xsl:variable name="afloat" select="ships/ship[@group = 'side'][@status
      = 'afloat' or @status = 'captured'][@side = /report/reader/@side]"/>
  <xsl:if test="ships/ship[@group = 'side']">
    <xsl:call-template name="heading">
      <xsl:with-param name="t" select="'THE REST OF YOUR SIDE'"/>
    </xsl:call-template>
    <xsl:if test="$afloat">
      <xsl:value-of select="concat(nv:pad('Map', $codew),
          nv:pad('Ship', $shipw), 'Class       ', nv:pad('Hex', $hexw),
          'Face Spd Commander', $nl)"/>
      <xsl:for-each select="$afloat">
        <xsl:variable name="who">
          <xsl:choose>
            <xsl:when test="@commander != ''">
              <xsl:value-of select="@commander"/>
            </xsl:when>
            <xsl:otherwise>(none)</xsl:otherwise>
          </xsl:choose>
        </xsl:variable>
        <xsl:value-of select="concat(nv:pad(@code, $codew),
            nv:pad(substring(concat(@id, ' ', @name), 1, $shipw - 1),
              $shipw),
            nv:pad(substring(@class, 1, 11), 12),
            nv:pad(@hex, $hexw), nv:pad(@facing, 5), nv:lpad(@speed, 3),
            ' ', substring($who, 1, 76 - 21 - $codew - $hexw - $shipw),
            $nl)"/>
      </xsl:for-each>
    </xsl:if>
    <xsl:call-template name="gone">
      <xsl:with-param name="gone" select="ships/ship[@group = 'side'][not(@status
          = 'afloat' or @status = 'captured') or @side != /report/reader/@side]"/>
      <xsl:with-param name="t">Out of your side's hands:</xsl:with-param>
    </xsl:call-template>
  </xsl:if>
</xsl:template>

<!-- Ships lost, each with its fate, under the line t. -->
<xsl:template name="gone">
  <xsl:param name="gone"/>
  <xsl:param name="t"/>
  <xsl:if test="$gone">
    <xsl:value-of select="concat($nl, $t, $nl)"/>
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
     turn (its report module), and its standing order. -->
<xsl:template name="ship-detail">
  <xsl:value-of select="nv:wrap(@detail, '  ', '    ')"/>
  <xsl:value-of select="$nl"/>
  <xsl:if test="@standing != ''">
    <xsl:value-of select="concat(nv:wrap(concat('Standing order: ',
        @standing, ' (taken when it has no other order).'), '    ',
        '      '), $nl)"/>
  </xsl:if>
</xsl:template>

<xsl:template name="enemies">
  <xsl:call-template name="heading">
    <xsl:with-param name="t" select="'ENEMY SHIPS IN SIGHT'"/>
  </xsl:call-template>
  <xsl:choose>
    <xsl:when test="enemies/ship">
      <xsl:value-of select="concat(nv:pad('Map', $codew),
          'Ship                 Class       Side         ',
          nv:pad('Hex', $hexw), 'Face Spd')"/>
      <xsl:value-of select="$nl"/>
      <xsl:for-each select="enemies/ship">
        <xsl:value-of select="concat(nv:pad(@code, $codew),
            nv:pad(substring(concat(@id, ' ', @name), 1, 20), 21),
            nv:pad(substring(@class, 1, 11), 12),
            nv:pad(substring(@side, 1, 12), 13),
            nv:pad(@hex, $hexw), nv:pad(@facing, 4), nv:lpad(@speed, 3), $nl)"/>
      </xsl:for-each>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="concat('None.', $nl)"/>
    </xsl:otherwise>
  </xsl:choose>
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

<!-- The turn, phase by phase.  Dice are events of kind "roll". -->
<xsl:template name="events">
  <xsl:call-template name="heading">
    <xsl:with-param name="t" select="concat('TURN ', @turn, ', PHASE BY PHASE')"/>
  </xsl:call-template>
  <xsl:choose>
    <xsl:when test="reader/@story = 'own' and reader/@player">
      <xsl:value-of select="concat(nv:wrap(concat('Only what befell the',
          ' ships you command (SET STORY FULL for all your side saw, or',
          ' RESEND FULL for this turn).'), '', ''), $nl, $nl)"/>
    </xsl:when>
    <xsl:when test="reader/@story = 'own'">
      <xsl:value-of select="concat(nv:wrap(concat('Only what befell your',
          &quot; side's own ships (your setting; SET STORY FULL for all&quot;,
          ' your side saw).'), '', ''), $nl, $nl)"/>
    </xsl:when>
  </xsl:choose>
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
        <xsl:value-of select="concat($title, ': nothing seen.', $nl)"/>
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
      <xsl:value-of select="nv:wrap('Under fog of war the score is told at the end of the game.', '', '')"/>
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

<xsl:template name="order-template">
  <xsl:if test="order-template">
    <xsl:call-template name="heading">
      <xsl:with-param name="t" select="concat('ORDERS FOR TURN ', order-template/@turn)"/>
    </xsl:call-template>
    <!-- The ruleset's own words for its orders (its report module). -->
    <xsl:value-of select="nv:wrap(order-template/@help, '', '')"/>
    <xsl:value-of select="concat($nl, $nl)"/>
    <xsl:for-each select="order-template/line">
      <xsl:value-of select="concat(., $nl)"/>
    </xsl:for-each>
    <xsl:value-of select="concat('END', $nl)"/>
  </xsl:if>
</xsl:template>

</xsl:stylesheet>
