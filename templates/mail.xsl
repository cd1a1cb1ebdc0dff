<?xml version="1.0" encoding="UTF-8"?>
<!-- mail.xsl: every mail navarchd words itself, except the text of the
     turn reports (report-*.xsl; their subject is worded here): answers
     to players' and the GM's mails, rejections, refusals, answers to mail
     that reached nobody, reminders and late notices, press relayed
     between players, draw offers and concessions, the welcome to a new
     player, the notices of what the GM did, and the final mail of a
     game.

     Input: one document <mail kind="..."> (docs/templates.md lists the
     kinds, their attributes and elements).  Output: a first line
     "Subject: ...", a blank line, then the body.  Navarch puts the
     game's tag "[navarch GAME]" before the subject of a mail that is not
     an answer; an answer keeps the subject it answers (@re).

     What the document quotes (order lines, error messages, a press
     message, the map) is data: print it as it is.  What this file says
     around it is the wording: edit freely, keep the output method text,
     and keep lines within 76 characters (nv:wrap does that).  A broken
     template stops the mail, never half of it: navarchd logs the error
     with this file's name and line and tries the mail again later. -->
<xsl:stylesheet version="1.0"
    xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
    xmlns:nv="urn:navarch:report"
    exclude-result-prefixes="nv">
<xsl:output method="text" encoding="UTF-8"/>
<xsl:strip-space elements="*"/>

<xsl:variable name="nl" select="'&#10;'"/>
<xsl:variable name="default-order"
    select="'none: your ships take the default order (straight on)'"/>

<!-- A paragraph, wrapped at 76 characters, and a newline. -->
<xsl:template name="p">
  <xsl:param name="t"/>
  <xsl:param name="first" select="''"/>
  <xsl:param name="rest" select="''"/>
  <xsl:value-of select="concat(nv:wrap($t, $first, $rest), $nl)"/>
</xsl:template>

<!-- Quoted lines (<line> children), each indented. -->
<xsl:template name="lines">
  <xsl:param name="indent" select="'  '"/>
  <xsl:param name="none" select="'none'"/>
  <xsl:for-each select="line">
    <xsl:value-of select="concat($indent, ., $nl)"/>
  </xsl:for-each>
  <xsl:if test="not(line)">
    <xsl:value-of select="concat($indent, $none, $nl)"/>
  </xsl:if>
</xsl:template>

<xsl:template name="when">
  <xsl:param name="t"/>
  <xsl:choose>
    <xsl:when test="$t != ''">
      <xsl:value-of select="concat($t, ' (UTC)')"/>
    </xsl:when>
    <xsl:otherwise>none</xsl:otherwise>
  </xsl:choose>
</xsl:template>

<!-- A length of time, $s seconds, in words: "2 days 3 hours". -->
<xsl:template name="duration">
  <xsl:param name="s"/>
  <xsl:variable name="d" select="floor($s div 86400)"/>
  <xsl:variable name="h" select="floor(($s mod 86400) div 3600)"/>
  <xsl:variable name="m" select="floor(($s mod 3600) div 60)"/>
  <xsl:variable name="ds">
    <xsl:if test="$d != 1">s</xsl:if>
  </xsl:variable>
  <xsl:variable name="hs">
    <xsl:if test="$h != 1">s</xsl:if>
  </xsl:variable>
  <xsl:variable name="ms">
    <xsl:if test="$m != 1">s</xsl:if>
  </xsl:variable>
  <xsl:choose>
    <xsl:when test="$d > 0 and $h > 0">
      <xsl:value-of select="concat($d, ' day', $ds, ' ', $h, ' hour', $hs)"/>
    </xsl:when>
    <xsl:when test="$d > 0">
      <xsl:value-of select="concat($d, ' day', $ds)"/>
    </xsl:when>
    <xsl:when test="$h > 0 and $m > 0">
      <xsl:value-of select="concat($h, ' hour', $hs, ' ', $m, ' minute',
          $ms)"/>
    </xsl:when>
    <xsl:when test="$h > 0">
      <xsl:value-of select="concat($h, ' hour', $hs)"/>
    </xsl:when>
    <xsl:when test="$m > 0">
      <xsl:value-of select="concat($m, ' minute', $ms)"/>
    </xsl:when>
    <xsl:otherwise>less than a minute</xsl:otherwise>
  </xsl:choose>
</xsl:template>

<!-- A time on the reader's own clock (the attributes local, wday, abbr,
     zone of a clock), or nothing when the reader set no time zone. -->
<xsl:template name="local">
  <xsl:if test="@local">
    <xsl:value-of select="concat(', ', substring('SunMonTueWedThuFriSat',
        @wday * 3 + 1, 3), ' ', @local, ' ', @abbr, ' on your clock (',
        @zone, ')')"/>
  </xsl:if>
</xsl:template>

<!-- The game's clock as a sentence (context: a <clock>): the deadline in
     UTC and on the reader's clock, and the time left; or the pause.
     The time left and the local time are worded only where the sentence
     says them: every answer words the clock. -->
<xsl:template name="clock-text">
  <xsl:choose>
    <xsl:when test="@status = 'ended'">The game is over: it has no
      deadline.</xsl:when>
    <xsl:when test="@status = 'paused' and @left">
      <xsl:text>The game is paused: its clock is stopped with </xsl:text>
      <xsl:call-template name="duration">
        <xsl:with-param name="s" select="@left"/>
      </xsl:call-template>
      <xsl:text> left, which it has again when the GM resumes the game.</xsl:text>
    </xsl:when>
    <xsl:when test="@status = 'paused' and @deadline">
      <xsl:value-of select="concat('The game is paused; when it resumes,',
          ' the deadline is ', @deadline, ' (UTC)')"/>
      <xsl:call-template name="local"/>
      <xsl:text>.</xsl:text>
    </xsl:when>
    <xsl:when test="@status = 'paused'">The game is paused, and has no
      deadline.</xsl:when>
    <xsl:when test="not(@deadline)">Deadline: none yet (the GM sets
      one).</xsl:when>
    <xsl:when test="@passed = 'yes'">
      <xsl:value-of select="concat('Deadline: ', @deadline, ' (UTC)')"/>
      <xsl:call-template name="local"/>
      <xsl:text>; it has passed: the turn is played as soon as the grace period ends.</xsl:text>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="concat('Deadline: ', @deadline, ' (UTC)')"/>
      <xsl:call-template name="local"/>
      <xsl:text>; </xsl:text>
      <xsl:call-template name="duration">
        <xsl:with-param name="s" select="@left"/>
      </xsl:call-template>
      <xsl:text> left.</xsl:text>
    </xsl:otherwise>
  </xsl:choose>
</xsl:template>

<!-- The <clock> child of the context node, as a paragraph. -->
<xsl:template name="clock">
  <xsl:for-each select="clock">
    <xsl:variable name="t">
      <xsl:call-template name="clock-text"/>
    </xsl:variable>
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="$t"/>
    </xsl:call-template>
  </xsl:for-each>
</xsl:template>

<!-- ", because: REASON" when the GM gave one. -->
<xsl:template name="reason">
  <xsl:if test="@reason">
    <xsl:value-of select="concat(' (the reason given: ', @reason, ')')"/>
  </xsl:if>
</xsl:template>

<!-- ==================================================================
     The answer to a player's or the GM's mail: one part per order set
     or command, in the order of the mail; the clock first.  (Its
     priority only makes it the first template tried for a <mail>: most
     mails are answers, and libxslt tries the templates of one priority
     one after the other, from the last in this file.)
     ================================================================== -->
<xsl:template match="/mail[@kind = 'answer']" priority="1">
  <xsl:value-of select="concat('Subject: ', @re, $nl, $nl)"/>
  <xsl:choose>
    <xsl:when test="@as = 'gm'">
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Game ', @game, ', turn ',
            @turn, ': your mail was read as the GM', &quot;'s.&quot;)"/>
      </xsl:call-template>
    </xsl:when>
    <xsl:when test="@as = 'observer'">
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Game ', @game, ', turn ',
            @turn, &quot;: your mail was read as an observer's.&quot;)"/>
      </xsl:call-template>
    </xsl:when>
    <xsl:otherwise>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Game ', @game, ', turn ',
            @turn, ': your mail was read as player ', @player, '.')"/>
      </xsl:call-template>
    </xsl:otherwise>
  </xsl:choose>
  <xsl:call-template name="clock"/>
  <xsl:value-of select="$nl"/>
  <xsl:apply-templates select="*[not(self::clock)]"/>
</xsl:template>

<xsl:template match="accepted">
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:value-of select="concat('Orders accepted for turn ',
          /mail/@turn, '. They replace every order of ')"/>
      <xsl:for-each select="replaced">
        <xsl:if test="position() > 1">, </xsl:if>
        <xsl:value-of select="@ship"/>
      </xsl:for-each>
      <xsl:if test="kept">
        <xsl:text>; these keep the orders they had: </xsl:text>
        <xsl:for-each select="kept">
          <xsl:if test="position() > 1">, </xsl:if>
          <xsl:value-of select="@ship"/>
        </xsl:for-each>
      </xsl:if>
      <xsl:text>.</xsl:text>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="concat($nl, 'Your orders in force now, as understood:',
      $nl)"/>
  <xsl:for-each select="in-force">
    <xsl:call-template name="lines"/>
  </xsl:for-each>
  <xsl:if test="note">
    <xsl:value-of select="concat($nl, 'Notes:', $nl)"/>
    <xsl:for-each select="note">
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat(@level, ': ', .)"/>
        <xsl:with-param name="first" select="'  '"/>
        <xsl:with-param name="rest" select="'      '"/>
      </xsl:call-template>
    </xsl:for-each>
  </xsl:if>
  <xsl:value-of select="$nl"/>
  <xsl:apply-templates select="preview"/>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Receipt: SHA-256 of your',
        ' orders in force (the lines above, each ending in a newline):')"/>
  </xsl:call-template>
  <xsl:value-of select="concat('  ', receipt/@sha256, $nl, $nl)"/>
</xsl:template>

<xsl:template match="preview">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Plotted paths (a preview:',
        ' enemy ships shown holding where they are, your other ships on',
        ' their default order, no dice; the real turn may differ):')"/>
  </xsl:call-template>
  <xsl:if test="@error">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('no preview: ', @error)"/>
      <xsl:with-param name="first" select="'  '"/>
      <xsl:with-param name="rest" select="'    '"/>
    </xsl:call-template>
  </xsl:if>
  <xsl:apply-templates select="ship" mode="path"/>
</xsl:template>

<!-- One ship's plotted path (<preview>, <side-preview>): where it goes,
     and what it would run into. -->
<xsl:template match="ship" mode="path">
  <!-- One paragraph made in one go (each variable with content is a
       document of its own for the XSLT processor, and an answer words
       a path for each of the player's ships). -->
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:value-of select="@id"/>
      <xsl:if test="@player">
        <xsl:choose>
          <xsl:when test="@player != ''">
            <xsl:value-of select="concat(' (', @player)"/>
          </xsl:when>
          <xsl:otherwise> (no player: standing orders or straight on</xsl:otherwise>
        </xsl:choose>
        <xsl:if test="@squadron != ''">
          <xsl:value-of select="concat(', squadron ', @squadron)"/>
        </xsl:if>
        <xsl:text>)</xsl:text>
      </xsl:if>
      <xsl:value-of select="concat(': from ', @from, ' facing ', @facing)"/>
      <xsl:choose>
        <xsl:when test="@exits = 'yes'">, leaves the map</xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat(', ends in ', @to, ' facing ',
              @to-facing)"/>
        </xsl:otherwise>
      </xsl:choose>
      <xsl:text>; crosses </xsl:text>
      <xsl:for-each select="cross">
        <xsl:if test="position() > 1">, </xsl:if>
        <xsl:value-of select="@hex"/>
      </xsl:for-each>
      <xsl:if test="not(cross)">no hex</xsl:if>
    </xsl:with-param>
    <xsl:with-param name="first" select="'  '"/>
    <xsl:with-param name="rest" select="'    '"/>
  </xsl:call-template>
  <xsl:for-each select="would">
    <xsl:variable name="t">
      <xsl:choose>
        <xsl:when test="@what = 'collide'">
          <xsl:value-of select="concat('would collide with ', @other,
              ' (your side)')"/>
        </xsl:when>
        <xsl:when test="@what = 'meet'">
          <xsl:value-of select="concat('would meet ', @other,
              ' (an enemy, shown holding where it is now)')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('would: ', .)"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="$t"/>
      <xsl:with-param name="first" select="'    '"/>
      <xsl:with-param name="rest" select="'      '"/>
    </xsl:call-template>
  </xsl:for-each>
</xsl:template>

<!-- PREVIEW SIDE: every order in force on the side played together. -->
<xsl:template match="side-preview">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('PREVIEW SIDE: the orders in',
        ' force of every player of side ', @side, ' (', @sets, ' set(s)),',
        ' played together now (a preview: enemy ships shown holding where',
        ' they are, ships without orders on their standing orders, no',
        ' dice; the real turn may differ, and orders may still change',
        ' before the deadline):')"/>
  </xsl:call-template>
  <xsl:if test="@error">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('no preview: ', @error)"/>
      <xsl:with-param name="first" select="'  '"/>
      <xsl:with-param name="rest" select="'    '"/>
    </xsl:call-template>
  </xsl:if>
  <xsl:apply-templates select="ship" mode="path"/>
  <xsl:choose>
    <xsl:when test="collision">
      <xsl:value-of select="concat($nl, 'COLLISIONS between ships of your',
          ' side:', $nl)"/>
      <xsl:for-each select="collision">
        <xsl:variable name="between">
          <xsl:choose>
            <xsl:when test="@between = 'players'">
              <xsl:value-of select="concat('two players: ', @a-player,
                  ' and ', @b-player)"/>
            </xsl:when>
            <xsl:when test="@between = 'squadrons'">
              <xsl:value-of select="concat('two squadrons: ', @a-squadron,
                  ' and ', @b-squadron)"/>
            </xsl:when>
            <xsl:otherwise>one squadron</xsl:otherwise>
          </xsl:choose>
        </xsl:variable>
        <xsl:call-template name="p">
          <xsl:with-param name="t" select="concat('phase ', @phase, ': ',
              @a, ' and ', @b, ' (', $between, ')')"/>
          <xsl:with-param name="first" select="'  '"/>
          <xsl:with-param name="rest" select="'    '"/>
        </xsl:call-template>
      </xsl:for-each>
    </xsl:when>
    <xsl:when test="not(@error)">
      <xsl:value-of select="concat($nl, 'No two ships of your side would',
          ' collide.', $nl)"/>
    </xsl:when>
  </xsl:choose>
  <xsl:if test="map">
    <xsl:value-of select="$nl"/>
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('The map after the',
          ' preview (your ships where their orders take them, the enemy',
          ' ships you see where they are now):')"/>
    </xsl:call-template>
    <xsl:value-of select="$nl"/>
    <xsl:for-each select="map/line">
      <xsl:value-of select="concat(., $nl)"/>
    </xsl:for-each>
  </xsl:if>
  <xsl:value-of select="$nl"/>
</xsl:template>

<!-- DIRECTIVE: stored for the players' next reports. -->
<xsl:template match="directive">
  <xsl:variable name="whom">
    <xsl:choose>
      <xsl:when test="@to = 'ALL'">
        <xsl:value-of select="concat('every other player of your side (',
            @players, ')')"/>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="@players"/></xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('DIRECTIVE: to ', $whom,
        '; printed at the top of their report of turn ', @report,
        ', when it is played (it orders no ship):')"/>
  </xsl:call-template>
  <xsl:call-template name="lines"/>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="status">
  <xsl:variable name="title">
    <xsl:if test="/mail/@title != ''">
      <xsl:value-of select="concat(' (', /mail/@title, ')')"/>
    </xsl:if>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('STATUS: game ', /mail/@game,
        $title, ', turn ', /mail/@turn, ', ', @status, '.')"/>
  </xsl:call-template>
  <xsl:text>Deadline: </xsl:text>
  <xsl:call-template name="when">
    <xsl:with-param name="t" select="@deadline"/>
  </xsl:call-template>
  <xsl:value-of select="concat($nl, 'Orders for this turn:', $nl)"/>
  <xsl:for-each select="player">
    <xsl:variable name="orders">
      <xsl:choose>
        <xsl:when test="@orders = 'in'">in</xsl:when>
        <xsl:when test="@orders = 'cleared'">cleared</xsl:when>
        <xsl:when test="@orders = 'not-yet'">not yet</xsl:when>
        <xsl:when test="@orders = 'conceded'">none (conceded)</xsl:when>
        <xsl:otherwise>no ships to order</xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <xsl:variable name="gm">
      <xsl:if test="@missed">
        <xsl:value-of select="concat('; missed ', @missed, ' turn(s), ',
            @bounces, ' bounce(s)')"/>
      </xsl:if>
      <xsl:if test="@absent-until">
        <xsl:value-of select="concat('; away until ', @absent-until)"/>
      </xsl:if>
    </xsl:variable>
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat(@id, ' (side ', @side, '): ',
          $orders, $gm)"/>
      <xsl:with-param name="first" select="'  '"/>
      <xsl:with-param name="rest" select="'    '"/>
    </xsl:call-template>
  </xsl:for-each>
  <xsl:if test="@draw-offered-by">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('Draw offers standing: ',
          @draw-offered-by)"/>
    </xsl:call-template>
  </xsl:if>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="map">
  <xsl:value-of select="concat('MAP: the map at the start of turn ',
      /mail/@turn, ':', $nl, $nl)"/>
  <xsl:for-each select="line">
    <xsl:value-of select="concat(., $nl)"/>
  </xsl:for-each>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="orders[@all = 'yes']">
  <xsl:value-of select="concat('ORDERS: the orders in force for turn ',
      /mail/@turn, ':', $nl)"/>
  <xsl:if test="not(set)">
    <xsl:value-of select="concat('  none', $nl)"/>
  </xsl:if>
  <xsl:for-each select="set">
    <xsl:value-of select="concat('  ', @player, ' (side ', @side, '):',
        $nl)"/>
    <xsl:call-template name="lines">
      <xsl:with-param name="indent" select="'    '"/>
    </xsl:call-template>
  </xsl:for-each>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="orders">
  <xsl:value-of select="concat('ORDERS: your orders in force for turn ',
      /mail/@turn, ':', $nl)"/>
  <xsl:call-template name="lines">
    <xsl:with-param name="none" select="$default-order"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
  <xsl:for-each select="sent-ahead">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('Sent ahead for turn ', @for,
          ' (received ', @received, ' UTC; checked when that turn',
          ' begins):')"/>
    </xsl:call-template>
    <xsl:call-template name="lines"/>
    <xsl:value-of select="$nl"/>
  </xsl:for-each>
</xsl:template>

<xsl:template match="cleared">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('CLEAR: all your orders for',
        ' this turn are dropped; unless you send new ones, your ships',
        ' take the default order (straight on).')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="resend">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('RESEND: the report of turn ',
        @turn, ' comes again in a mail of its own',
        substring(&quot;, with your side's whole story&quot;, 1,
        30 * (@full = 'yes')), '.')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="password-changed">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('PASSWORD NEW: your password',
        ' is changed; write the new one in your next mail. (It is not',
        ' repeated here.)')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="press">
  <xsl:variable name="signed">
    <xsl:choose>
      <xsl:when test="@from-kind = 'gm'">as the GM</xsl:when>
      <xsl:when test="@from-kind = 'observer'">as an observer</xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat('with your side (', /mail/@side, ')')"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:variable name="whom">
    <xsl:choose>
      <xsl:when test="@to-kind = 'gm'">the GM</xsl:when>
      <xsl:when test="@to-kind = 'all' and @from-kind = 'gm'">
        <xsl:value-of select="concat(@count,
            ' reader(s), the players and observers')"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat(@count, ' player(s)')"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('PRESS TO ', @to,
        ': relayed to ', normalize-space($whom), ', signed ', $signed,
        '; no address was shown.')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="draw">
  <xsl:variable name="t">
    <xsl:choose>
      <xsl:when test="@state = 'drawn'">DRAW: every side offered a draw
        (each side still in the game, its offer standing): the game is
        drawn. The final mail, with the final
        report, the seed and the archive, goes to every
        player.</xsl:when>
      <xsl:when test="@state = 'offered'">
        <xsl:value-of select="concat(&quot;DRAW: your side's offer is&quot;,
            ' made and sent to the other players; so far: ',
            @offered-by, '. The game is drawn when every side still in',
            ' it (', @needed, ') has an offer standing. Yours stands until',
            ' you withdraw it (DRAW WITHDRAW).')"/>
      </xsl:when>
      <xsl:when test="@state = 'withdrawn'">DRAW WITHDRAW: your side's draw
        offer is withdrawn; DRAW makes it again.</xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat(&quot;DRAW: your side's draw offer&quot;,
            ' stands already; so far: ', @offered-by, '. DRAW WITHDRAW',
            ' takes it back.')"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="$t"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="concede">
  <xsl:variable name="t">
    <xsl:choose>
      <xsl:when test="@ended = 'yes' and @winner">
        <xsl:value-of select="concat('Game ', /mail/@game, ' is over: side ',
            /mail/@side, ' concedes, the winner is ', @winner, '. The',
            ' final mail, with the final report, the seed and the',
            ' archive, goes to every player.')"/>
      </xsl:when>
      <xsl:when test="@ended = 'yes'">
        <xsl:value-of select="concat('Game ', /mail/@game, ' is over: side ',
            /mail/@side, ' concedes, no side is left.')"/>
      </xsl:when>
      <xsl:when test="@again = 'yes'">
        <xsl:value-of select="concat('Side ', /mail/@side, ' conceded',
            ' already; the GM decides what becomes of its ships.')"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat('Side ', /mail/@side, ' concedes game ',
            /mail/@game, ' on turn ', /mail/@turn, '; the GM decides',
            ' what becomes of its ships.')"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('CONCEDE: ', $t)"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="assign">
  <xsl:variable name="what">
    <xsl:choose>
      <xsl:when test="@squadron">
        <xsl:value-of select="concat('squadron ', @squadron)"/>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="@ship"/></xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:variable name="ships">
    <xsl:choose>
      <xsl:when test="not(@ships)"> (no ship changes hands)</xsl:when>
      <xsl:when test="@squadron">
        <xsl:value-of select="concat(' (', @ships, ')')"/>
      </xsl:when>
    </xsl:choose>
  </xsl:variable>
  <xsl:variable name="when">
    <xsl:choose>
      <xsl:when test="@now = 'yes'">
        <xsl:value-of select="concat(' at once, in turn ', @turn, '.')"/>
        <xsl:if test="@rewritten">
          <xsl:value-of select="concat(' The orders in force of ',
              @rewritten, ' were rewritten without the ships they',
              ' no longer command.')"/>
        </xsl:if>
      </xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat(' from the start of turn ', @turn,
            '; the orders already sent for this turn stand.')"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@standing = 'NONE' and @now = 'yes'">
          <xsl:value-of select="concat('ASSIGN: squadron ', @squadron,
              ' has no standing order any more, at once, in turn ',
              @turn, ': its ships without orders go by the default.')"/>
        </xsl:when>
        <xsl:when test="@standing = 'NONE'">
          <xsl:value-of select="concat('ASSIGN: squadron ', @squadron,
              ' has no standing order from the start of turn ', @turn,
              '; until then it keeps the one it has.')"/>
        </xsl:when>
        <xsl:when test="@standing and @now = 'yes'">
          <xsl:value-of select="concat('ASSIGN: the standing order of',
              ' squadron ', @squadron, ' is ', @standing, ' at once, from',
              ' turn ', @turn, ' on: its ships take it when they have no',
              ' other order (their captain missed the deadline).')"/>
        </xsl:when>
        <xsl:when test="@standing">
          <xsl:value-of select="concat('ASSIGN: the standing order of',
              ' squadron ', @squadron, ' is ', @standing, ' from the',
              ' start of turn ', @turn, ' on: its ships take it when they',
              ' have no other order (their captain missed the deadline).',
              ' Until then it keeps the one it has, and the orders',
              ' already sent stand.')"/>
        </xsl:when>
        <xsl:when test="@into = 'yes'">
          <xsl:value-of select="concat('ASSIGN: ', @ships,
              ' joins squadron ', @squadron, $when, ' Its player is',
              ' told, with each who loses command of it.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('ASSIGN: ', @player,
              ' takes command of ', $what, $ships, $when,
              ' Both players are told.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<!-- @commands: the reader commands no ship ('none'), or is the admiral
     of a side whose captains command every ship ('admiral'): his template
     replied unedited is this mail, and nothing is wrong with it. -->
<xsl:template match="nothing">
  <xsl:variable name="quoted">
    <xsl:if test="@quoted = 'yes'"> Quoted lines (starting with '>') are
      never orders: write your orders without the '>'.</xsl:if>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@commands = 'admiral'">
          <xsl:value-of select="concat('Received: you command no ship',
              ' this turn, so there was nothing to order and nothing',
              ' was changed. Your captains command the ships of your',
              ' side, and their orders stand (your template shows them',
              ' as comments). Your own commands are ASSIGN, ASSIGN',
              ' SQUADRON ... STANDING and DIRECTIVE; PREVIEW SIDE',
              ' plays all the orders of your side together.', $quoted)"/>
        </xsl:when>
        <xsl:when test="@commands = 'none'">
          <xsl:value-of select="concat('Received: you command no ship',
              ' this turn, so there was nothing to order and nothing',
              ' was changed.', $quoted, ' Send HELP for the commands.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('Your mail held no orders and',
              ' no command: nothing was done.', $quoted,
              ' Send HELP for the commands.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
</xsl:template>

<!-- A reply is read down to the mail it answers (docs/mail-parsing.md,
     "Replies"): the player sees where reading stopped. -->
<!-- Without @cut (an answer to the From address, which may be forged,
     repeats nothing of the mail) only the line is named. -->
<xsl:template match="read-to">
  <xsl:variable name="what">
    <xsl:if test="@cut">
      <xsl:value-of select="concat(' (', @cut, ')')"/>
    </xsl:if>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Line ', @line, $what,
        ' starts the mail you replied to or forwarded: your mail was read',
        ' down to it and no further. Put your orders above it.')"/>
  </xsl:call-template>
</xsl:template>

<!-- The GM's commands.  The players are told of each by a notice. -->
<xsl:template match="paused">
  <xsl:variable name="left">
    <xsl:call-template name="duration">
      <xsl:with-param name="s" select="@left"/>
    </xsl:call-template>
  </xsl:variable>
  <xsl:variable name="why">
    <xsl:call-template name="reason"/>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@left">
          <xsl:value-of select="concat('PAUSE: game ', /mail/@game, ' is ',
              @status, $why, ': its clock stopped with ', $left, ' left,',
              ' which RESUME gives back. The players are told.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('PAUSE: game ', /mail/@game, ' is ',
              @status, $why, '; it had no deadline. The players are',
              ' told.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="resumed">
  <xsl:variable name="when">
    <xsl:call-template name="when">
      <xsl:with-param name="t" select="@when"/>
    </xsl:call-template>
  </xsl:variable>
  <xsl:variable name="why">
    <xsl:call-template name="reason"/>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('RESUME: game ', /mail/@game,
        ' is ', @status, ' again', $why, '; the deadline of this turn is ',
        $when, '. The players are told.')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="deadline">
  <xsl:variable name="why">
    <xsl:call-template name="reason"/>
  </xsl:variable>
  <xsl:variable name="was">
    <xsl:if test="@was">
      <xsl:value-of select="concat(' (it was ', @was, ')')"/>
    </xsl:if>
  </xsl:variable>
  <xsl:variable name="left">
    <xsl:call-template name="duration">
      <xsl:with-param name="s" select="@left"/>
    </xsl:call-template>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@left">
          <xsl:value-of select="concat('DEADLINE: the game is paused; its',
              ' clock will have ', $left, ' left when it resumes', $why,
              '. The players are told.')"/>
        </xsl:when>
        <xsl:when test="@when">
          <xsl:value-of select="concat('DEADLINE: the deadline of this turn',
              ' is ', @when, ' (UTC)', $was, $why,
              '. The players are told.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('DEADLINE: this turn has no deadline',
              ' now', $was, $why, '. The players are told.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="endgame">
  <xsl:variable name="result">
    <xsl:choose>
      <xsl:when test="@winner">
        <xsl:value-of select="concat('won by ', @winner)"/>
      </xsl:when>
      <xsl:otherwise>drawn</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('ENDGAME: game ', /mail/@game,
        ' is over, ', $result, ' (', @reason, '). The seed is revealed;',
        ' every player, the observers and you get the final mail with the',
        ' final report, the seed and the archive.')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="set">
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@key = 'SVG' and @value = 'GAME'">
          <xsl:value-of select="concat('SET SVG GAME: your reports carry',
              ' the map as an SVG picture as the game says (now ',
              @svg-game, ').')"/>
        </xsl:when>
        <xsl:when test="@key = 'SVG' and @value = 'ON'">SET SVG ON: your
          reports carry the map as an SVG picture.</xsl:when>
        <xsl:when test="@key = 'SVG'">SET SVG OFF: your reports are text
          only, without the SVG picture.</xsl:when>
        <xsl:when test="@key = 'STORY' and @value = 'OWN'">SET STORY OWN:
          the story of each turn in your reports tells only what befell
          your side's own ships (on a side shared by several players, the
          ships you command).</xsl:when>
        <xsl:when test="@key = 'STORY'">SET STORY FULL: the story of each
          turn in your reports tells every event your side saw.</xsl:when>
        <xsl:when test="@key = 'LANGUAGE' and @value = 'GAME'">SET
          LANGUAGE GAME: your mails and reports are worded by the game's
          own templates.</xsl:when>
        <xsl:when test="@key = 'LANGUAGE'">
          <xsl:value-of select="concat('SET LANGUAGE ', @value, ': your',
              ' mails and reports are worded in ', @value, ' where the',
              ' templates are translated, in the default ones elsewhere.')"/>
        </xsl:when>
        <xsl:when test="@timezone">
          <xsl:value-of select="concat('SET TIMEZONE: your time zone is ',
              @timezone, ': deadlines are shown in UTC and on your clock.')"/>
        </xsl:when>
        <xsl:otherwise>SET TIMEZONE NONE: deadlines are shown in UTC
          only.</xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="ahead">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('ORDERS FOR TURN ', @for,
        ': stored. They are checked when turn ', @for, ' begins, on your',
        ' ships as they stand then: if they are legal they become your',
        ' orders for that turn (orders you send once it is open win over',
        ' them); if not, you are told why. As read now:')"/>
  </xsl:call-template>
  <xsl:call-template name="lines"/>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="/mail[@kind = 'ahead']">
  <xsl:choose>
    <xsl:when test="@outcome = 'late'">
      <xsl:value-of select="concat('Subject: Your orders for turn ', @for,
          ' came too late', $nl, $nl)"/>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Turn ', @for, ' of game ',
            @game, ' was played before the orders you sent ahead for it',
            ' could be used. The game is at turn ', @turn, '.')"/>
      </xsl:call-template>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="concat('Subject: Your orders for turn ', @for,
          ' cannot be used', $nl, $nl)"/>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Turn ', @for, ' of game ',
            @game, ' has begun, and the orders you sent ahead for it are',
            ' not legal on your ships as they stand now:')"/>
      </xsl:call-template>
      <xsl:for-each select="error">
        <xsl:call-template name="p">
          <xsl:with-param name="t" select="."/>
          <xsl:with-param name="first" select="'  '"/>
          <xsl:with-param name="rest" select="'    '"/>
        </xsl:call-template>
      </xsl:for-each>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Your ships take their',
            ' standing orders (or go straight on) unless you send orders',
            ' for turn ', @for, ' before the deadline.')"/>
      </xsl:call-template>
    </xsl:otherwise>
  </xsl:choose>
  <xsl:call-template name="clock"/>
  <xsl:value-of select="concat($nl, 'What you sent:', $nl)"/>
  <xsl:for-each select="sent">
    <xsl:call-template name="lines"/>
  </xsl:for-each>
</xsl:template>

<xsl:template match="seated">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('SEAT: ', @address, ' plays side ',
        @side, '; their welcome, with a password, goes to them.')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="absent">
  <xsl:variable name="local">
    <xsl:for-each select="back">
      <xsl:call-template name="local"/>
    </xsl:for-each>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@until">
          <xsl:value-of select="concat('ABSENT: you are away until ',
              @until, ' (UTC)', $local, '. Until then you get no',
              ' reminders, and turns do not wait for your orders: your',
              ' ships take the orders you sent (ORDERS FOR TURN, if any),',
              ' else their standing orders. ABSENT NONE when you are',
              ' back.')"/>
        </xsl:when>
        <xsl:otherwise>ABSENT NONE: welcome back; reminders start again and
          turns wait for your orders.</xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="set-list">
  <xsl:variable name="zone">
    <xsl:choose>
      <xsl:when test="@timezone"><xsl:value-of select="@timezone"/></xsl:when>
      <xsl:otherwise>NONE (UTC only)</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:variable name="svg">
    <xsl:choose>
      <xsl:when test="@svg = 'GAME'">
        <xsl:value-of select="concat('GAME (as the game says: ', @svg-game,
            ')')"/>
      </xsl:when>
      <xsl:otherwise><xsl:value-of select="@svg"/></xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:variable name="langs">
    <xsl:choose>
      <xsl:when test="@languages">
        <xsl:value-of select="concat(@languages, ' or GAME')"/>
      </xsl:when>
      <xsl:otherwise>GAME only (no other language installed)</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:value-of select="concat('SET: your settings (change one with SET',
      ' and the setting and its value):', $nl,
      '  TIMEZONE  ', $zone, $nl,
      '  SVG       ', $svg, ': ON, OFF or GAME', $nl,
      '  STORY     ', @story, ': FULL or OWN', $nl,
      '  LANGUAGE  ', @language, ': ', $langs, $nl, $nl)"/>
</xsl:template>

<xsl:template match="rollback">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('ROLLBACK: game ', /mail/@game,
        ' is back at the start of turn ', @to-turn, ' (', @reason,
        '); later turns stay in the history. The players are told. Set a',
        ' deadline for it with DEADLINE.')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="processed">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('PROCESS: turn ', @played,
        ' is played; ', @reports,
        ' report mail(s) are queued, yours among them.')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<xsl:template match="turn-preview">
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('PREVIEW of turn ', /mail/@turn,
        ' with the orders in force now (players without orders go',
        ' straight on). Nothing was stored. The dice are NOT the',
        &quot; game's: this preview rolled with its own seed (&quot;, @seed,
        '), so the real turn will roll differently.')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
  <xsl:for-each select="event">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="."/>
      <xsl:with-param name="first" select="'  '"/>
      <xsl:with-param name="rest" select="'      '"/>
    </xsl:call-template>
  </xsl:for-each>
  <xsl:value-of select="concat($nl, 'The map after it:', $nl, $nl)"/>
  <xsl:for-each select="map/line">
    <xsl:value-of select="concat(., $nl)"/>
  </xsl:for-each>
  <xsl:value-of select="$nl"/>
</xsl:template>

<!-- HELP, in an answer or alone (to mail that reached nobody). -->
<xsl:template name="command-help">
  <xsl:param name="name"/>
  <xsl:choose>
    <xsl:when test="$name = 'HELP'">HELP [topic]: this list, or one
      topic: ORDERS, COMMANDS, an order (FIRE) or a command</xsl:when>
    <xsl:when test="$name = 'STATUS'">the turn, the deadline, whose orders
      are in</xsl:when>
    <xsl:when test="$name = 'MAP'">the map as it stands</xsl:when>
    <xsl:when test="$name = 'ORDERS'">your orders in force; ORDERS FOR
      TURN n above orders: those orders are for a later turn</xsl:when>
    <xsl:when test="$name = 'CLEAR'">drop all your orders for the
      turn</xsl:when>
    <xsl:when test="$name = 'RESEND'">the last turn's report again
      (RESEND FULL: with your side's whole story)</xsl:when>
    <xsl:when test="$name = 'PASSWORD NEW'">PASSWORD NEW secret: change your
      password</xsl:when>
    <xsl:when test="$name = 'PRESS'">PRESS TO side|player|ALL|GM, the
      message, END PRESS: a message to other players or the GM (an
      observer's goes to the GM; the GM's PRESS TO ALL is an announcement
      to every player and observer)</xsl:when>
    <xsl:when test="$name = 'DRAW'">offer a draw, standing until DRAW
      WITHDRAW (every side's standing: drawn)</xsl:when>
    <xsl:when test="$name = 'CONCEDE'">your side gives up</xsl:when>
    <xsl:when test="$name = 'ASSIGN'">ASSIGN SHIP s TO player: an admiral
      gives a ship to a player of the side (ASSIGN SQUADRON q TO player, a
      squadron; ASSIGN SHIP s TO SQUADRON q moves it into a squadron;
      ASSIGN SQUADRON q STANDING order, or NONE: the order its ships take
      when they have none, from the next turn)</xsl:when>
    <xsl:when test="$name = 'SET'">SET TIMEZONE zone (Europe/Paris,
      +02:00) or NONE: deadlines on your own clock too; SET SVG ON, OFF
      or GAME: the map as a picture in your reports; SET STORY FULL or
      OWN: all your side saw, or your own ships' story; SET alone: your
      settings</xsl:when>
    <xsl:when test="$name = 'ABSENT'">ABSENT UNTIL time (+7d,
      2026-12-10T08:00Z): away, no reminders, turns do not wait for
      you; ABSENT NONE: back</xsl:when>
    <xsl:when test="$name = 'LIST'">LIST alone in a mail: the games
      that take players by mail, and their free seats</xsl:when>
    <xsl:when test="$name = 'JOIN'">JOIN game side, alone in a mail: play
      a free seat (or ask the GM for it)</xsl:when>
    <xsl:when test="$name = 'SEAT'">SEAT side address: give a free seat
      to a new player (a password made, a welcome sent)</xsl:when>
    <xsl:when test="$name = 'PROCESS'">play the turn now</xsl:when>
    <xsl:when test="$name = 'PREVIEW' and ../@gm = 'yes'">the turn's
      outcome with other dice, nothing stored (a player's PREVIEW SIDE:
      the side's plotted paths)</xsl:when>
    <xsl:when test="$name = 'PREVIEW'">PREVIEW SIDE: every order in force
      on your side played together, each ship's plotted path, and the
      ships of your side that would collide</xsl:when>
    <xsl:when test="$name = 'DIRECTIVE'">DIRECTIVE player|ALL text: the
      admiral's word to players of the side, printed at the top of their
      next report (no order)</xsl:when>
    <xsl:when test="$name = 'PAUSE'">PAUSE [reason]: stop the clock, keeping
      the time left</xsl:when>
    <xsl:when test="$name = 'RESUME'">RESUME [+48h | AT time] [reason]:
      start it again, with the time left or a new deadline</xsl:when>
    <xsl:when test="$name = 'DEADLINE'">DEADLINE +24h (extends), AT time
      (2026-12-01T20:00Z, 2026-12-01T20:00 Europe/Paris) or NONE, then the
      reason</xsl:when>
    <xsl:when test="$name = 'ROLLBACK'">ROLLBACK turn reason: play the turn
      again</xsl:when>
    <xsl:when test="$name = 'ENDGAME'">ENDGAME DRAW or ENDGAME WIN side,
      then the reason: end the game</xsl:when>
  </xsl:choose>
</xsl:template>

<xsl:template name="help-body">
  <xsl:value-of select="concat('Orders are lines of the order language',
      ' (navarch-orders(5)):', $nl,
      '  GAME id, PLAYER id or SIDE id, PASSWORD secret, then', $nl,
      '  SHIP id and its orders, a line each (HELP ORDERS lists them).',
      $nl,
      'Commands, one a line, beside or instead of orders:', $nl)"/>
  <xsl:call-template name="help-commands"/>
</xsl:template>

<xsl:template name="help-commands">
  <xsl:param name="note" select="true()"/>
  <xsl:for-each select="command">
    <xsl:variable name="h">
      <xsl:call-template name="command-help">
        <xsl:with-param name="name" select="@name"/>
      </xsl:call-template>
    </xsl:variable>
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="$h"/>
      <xsl:with-param name="first" select="concat('  ', nv:pad(@name, 14))"/>
      <xsl:with-param name="rest" select="'                '"/>
    </xsl:call-template>
  </xsl:for-each>
  <xsl:if test="@observer = 'yes' and $note">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('An observer needs no',
          ' password: mail from your registered address, with a GAME line.')"/>
    </xsl:call-template>
  </xsl:if>
  <xsl:if test="@gm = 'no' and not(@observer) and $note">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat(&quot;The GM's commands&quot;,
          ' (PROCESS, PREVIEW alone, PAUSE, RESUME, DEADLINE, ROLLBACK,',
          ' ENDGAME)',
          ' need a GM',
          &quot; line and the GM's password.&quot;)"/>
    </xsl:call-template>
  </xsl:if>
</xsl:template>

<xsl:template match="help">
  <xsl:value-of select="concat('HELP:', $nl)"/>
  <xsl:call-template name="help-body"/>
  <xsl:value-of select="$nl"/>
</xsl:template>

<!-- HELP [topic] in a game: <help-topic topic topics> with the game's
     <orders> (its <verb name usage help kind> with real <example
     line>s, each legal on the current state; help is the ruleset's
     words for what the verb does) and the commands (<help>). -->

<xsl:template name="help-mail">
  <xsl:value-of select="concat('A mail of orders (copy these lines into',
      ' a new mail and change them):', $nl)"/>
  <xsl:value-of select="concat('  GAME ', @game, $nl)"/>
  <xsl:if test="@who">
    <xsl:value-of select="concat('  ', @who, $nl,
        '  PASSWORD your-password', $nl)"/>
  </xsl:if>
  <xsl:for-each select="mail">
    <xsl:value-of select="concat('  ', ., $nl)"/>
  </xsl:for-each>
  <xsl:value-of select="concat('  END', $nl, $nl)"/>
</xsl:template>

<xsl:template name="help-verbs">
  <xsl:param name="more" select="false()"/>
  <xsl:for-each select="verb">
    <xsl:call-template name="p">
      <xsl:with-param name="t">
        <xsl:choose>
          <xsl:when test="@kind = 'side'">
            <xsl:value-of select="concat(@usage, ' (a line of its own)')"/>
          </xsl:when>
          <xsl:otherwise>
            <xsl:value-of select="concat('SHIP id ', @usage)"/>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:with-param>
      <xsl:with-param name="first" select="'  '"/>
      <xsl:with-param name="rest" select="'      '"/>
    </xsl:call-template>
    <xsl:if test="$more">
      <xsl:variable name="h" select="@help"/>
      <xsl:if test="normalize-space($h) != ''">
        <xsl:call-template name="p">
          <xsl:with-param name="t" select="normalize-space($h)"/>
          <xsl:with-param name="first" select="'    '"/>
          <xsl:with-param name="rest" select="'    '"/>
        </xsl:call-template>
      </xsl:if>
    </xsl:if>
    <xsl:for-each select="example">
      <xsl:value-of select="concat('    e.g. ', @line, $nl)"/>
    </xsl:for-each>
  </xsl:for-each>
</xsl:template>

<xsl:template match="help-topic">
  <xsl:variable name="o" select="orders"/>
  <xsl:variable name="ships">
    <xsl:choose>
      <xsl:when test="$o/@who">your ships</xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat('side ', $o/@side, &quot;'s ships&quot;)"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:choose>
    <xsl:when test="@topic = 'ALL' or @topic = 'ORDERS'">
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('HELP: writing to game ',
            $o/@game, ' (ruleset ', $o/@ruleset, ').')"/>
      </xsl:call-template>
      <xsl:value-of select="$nl"/>
      <xsl:for-each select="$o">
        <xsl:call-template name="help-mail"/>
      </xsl:for-each>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Orders, one a line: SHIP',
            ' and a ship', &quot;'s id, then one of these (the examples&quot;,
            ' are made of ', $ships, ' as they stand on turn ', $o/@turn,
            ' and are legal now):')"/>
      </xsl:call-template>
      <xsl:for-each select="$o">
        <xsl:call-template name="help-verbs">
          <xsl:with-param name="more" select="../@topic = 'ORDERS'"/>
        </xsl:call-template>
      </xsl:for-each>
      <xsl:if test="@topic = 'ORDERS'">
        <xsl:value-of select="$nl"/>
        <xsl:call-template name="p">
          <xsl:with-param name="t" select="concat('SQUADRON and a',
              &quot; squadron's id instead of SHIP orders every ship of&quot;,
              ' the squadron without a line of its own. STANDING before an',
              ' order keeps it from turn to turn for a ship without other',
              ' orders (STANDING NONE drops it). A mail replaces the',
              ' orders of the ships it names and keeps the others; CLEAR',
              ' drops them all. Anything after END, or after a # on a',
              ' line, is not read; nor are quoted (&gt;) lines.')"/>
        </xsl:call-template>
      </xsl:if>
    </xsl:when>
    <xsl:when test="$o">
      <xsl:for-each select="$o/verb">
        <xsl:variable name="h" select="@help"/>
        <xsl:call-template name="p">
          <xsl:with-param name="t" select="concat('HELP ', @name, ': ',
              @usage)"/>
        </xsl:call-template>
        <xsl:if test="normalize-space($h) != ''">
          <xsl:call-template name="p">
            <xsl:with-param name="t" select="normalize-space($h)"/>
            <xsl:with-param name="first" select="'  '"/>
            <xsl:with-param name="rest" select="'  '"/>
          </xsl:call-template>
        </xsl:if>
        <xsl:choose>
          <xsl:when test="example">
            <xsl:call-template name="p">
              <xsl:with-param name="t" select="concat('Examples, made of ',
                  $ships, ' as they stand on turn ', ../@turn,
                  ' and legal now:')"/>
            </xsl:call-template>
            <xsl:for-each select="example">
              <xsl:value-of select="concat('  ', @line, $nl)"/>
            </xsl:for-each>
          </xsl:when>
          <xsl:otherwise>
            <xsl:call-template name="p">
              <xsl:with-param name="t" select="concat('None of ', $ships,
                  ' could be given this order now.')"/>
            </xsl:call-template>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:for-each>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="concat('HELP ', @topic, ':', $nl)"/>
    </xsl:otherwise>
  </xsl:choose>
  <xsl:for-each select="help">
    <xsl:if test="../@topic = 'ALL'">
      <xsl:value-of select="$nl"/>
    </xsl:if>
    <xsl:if test="../@topic = 'ALL' or ../@topic = 'COMMANDS'">
      <xsl:value-of select="concat('Commands, one a line, beside or',
          ' instead of orders:', $nl)"/>
    </xsl:if>
    <xsl:call-template name="help-commands">
      <xsl:with-param name="note" select="../@topic = 'ALL' or
          ../@topic = 'COMMANDS'"/>
    </xsl:call-template>
  </xsl:for-each>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('More: HELP and one of ',
        @topics, '.')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
</xsl:template>

<!-- ==================================================================
     A mail with errors: nothing in it was done.
     ================================================================== -->
<xsl:template match="/mail[@kind = 'rejected']">
  <xsl:value-of select="concat('Subject: ', @re, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Game ', @game, ', turn ', @turn,
        ': your mail was NOT accepted. Nothing in it was done: no orders',
        ' were stored and no command was run.')"/>
  </xsl:call-template>
  <xsl:call-template name="clock"/>
  <xsl:value-of select="concat($nl, 'Errors (fix them and send the whole',
      ' mail again):', $nl)"/>
  <xsl:for-each select="error">
    <xsl:variable name="at">
      <xsl:if test="@line">
        <xsl:value-of select="concat('line ', @line, ': ')"/>
      </xsl:if>
    </xsl:variable>
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat($at, .)"/>
      <xsl:with-param name="rest" select="'    '"/>
    </xsl:call-template>
  </xsl:for-each>
  <!-- Only the first errors are listed; @more-errors counts the rest. -->
  <xsl:if test="@more-errors">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('... and ', @more-errors,
          ' more error(s), not listed here.')"/>
    </xsl:call-template>
  </xsl:if>
  <xsl:if test="read-to">
    <xsl:value-of select="$nl"/>
    <xsl:apply-templates select="read-to"/>
  </xsl:if>
  <xsl:for-each select="in-force">
    <xsl:value-of select="concat($nl, 'Your previous orders stay in force:',
        $nl)"/>
    <xsl:call-template name="lines">
      <xsl:with-param name="none" select="$default-order"/>
    </xsl:call-template>
  </xsl:for-each>
</xsl:template>

<!-- ==================================================================
     A mail that claimed to be a player's (or the GM's) and failed the
     password: this goes to the registered address, never the sender.
     ================================================================== -->
<xsl:template match="/mail[@kind = 'refused']">
  <xsl:variable name="why">
    <xsl:choose>
      <xsl:when test="@reason = 'no-password'">it holds no PASSWORD
        line</xsl:when>
      <xsl:when test="@reason = 'wrong-password' and @who = 'GM'">the GM
        password is wrong</xsl:when>
      <xsl:when test="@reason = 'wrong-password'">the password is
        wrong</xsl:when>
      <xsl:when test="@reason = 'removed'">that player was removed from the
        game</xsl:when>
      <xsl:when test="@reason = 'locked' and @right = 'yes'">its password
        is right, but too many wrong passwords were sent before
        it</xsl:when>
      <xsl:when test="@reason = 'locked'">too many wrong passwords were
        sent before it</xsl:when>
      <xsl:otherwise><xsl:value-of select="@reason"/></xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: Mail refused', $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('A mail signed as ', @who,
        ' of game ', @game, ' was refused: ', $why, '.')"/>
  </xsl:call-template>
  <xsl:value-of select="concat('Nothing it held was done.', $nl, $nl)"/>
  <xsl:if test="@until">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('After too many wrong',
          ' passwords, mail signed as ', @who, ' (or sent from the address',
          ' that sent them) is refused until ', @until, ' (UTC), even with',
          ' the right password. The GM has been told. Send your mail',
          ' again after that time.')"/>
    </xsl:call-template>
    <xsl:value-of select="$nl"/>
  </xsl:if>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('If you did not send it,',
        ' someone used your name: tell the GM. This answer goes only to',
        ' the address registered for ', @who, ', and at most ', @limit,
        ' such answers a day.')"/>
  </xsl:call-template>
</xsl:template>

<!-- ==================================================================
     To the GM: wrong passwords began a lock-out (once per lock-out).
     @locked: claim (mail signed as @who), sender (mail from @sender),
     or both.
     ================================================================== -->
<xsl:template match="/mail[@kind = 'lockout']">
  <xsl:value-of select="concat('Subject: Locked out: ', @who, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@locked = 'sender'">
          <xsl:value-of select="concat(@failures, ' wrong passwords came',
              ' from ', @sender, ', the last for ', @who, ' of game ', @game,
              '. Until ', @until, ' (UTC) every mail from that address that',
              ' gives a password is refused.')"/>
        </xsl:when>
        <xsl:when test="@locked = 'claim'">
          <xsl:value-of select="concat(@failures, ' wrong passwords were',
              ' sent for ', @who, ' of game ', @game, ', the last from ',
              @sender, '. Until ', @until, ' (UTC) mail signed as ', @who,
              ' is refused, even with the right password; its owner is',
              ' told so at the registered address.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat(@failures, ' wrong passwords were',
              ' sent for ', @who, ' of game ', @game, ', and as many came',
              ' from ', @sender, '. Until ', @until, ' (UTC) mail signed as ',
              @who, ' and mail with a password from ', @sender, ' is',
              ' refused, even with the right password; the owner of ', @who,
              ' is told so at the registered address.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Every attempt is in the',
        &quot; game's audit log (navarch game show &quot;, @game, ').',
        ' To lift the lock-out sooner: navarch player unlock ', @game, ' ',
        @who, '.')"/>
  </xsl:call-template>
</xsl:template>

<!-- ==================================================================
     LIST and JOIN, from anyone (mailproc-lobby.c): the answer goes to the
     From address, rate limited; it says back only ids.
     ================================================================== -->
<xsl:template match="/mail[@kind = 'lobby']">
  <xsl:value-of select="concat('Subject: Open games', $nl, $nl)"/>
  <xsl:for-each select="list">
    <xsl:choose>
      <xsl:when test="game">
        <xsl:value-of select="concat('LIST: games that take players by',
            ' mail, and their free seats:', $nl)"/>
        <xsl:for-each select="game">
          <xsl:variable name="dl">
            <xsl:call-template name="when">
              <xsl:with-param name="t" select="@deadline"/>
            </xsl:call-template>
          </xsl:variable>
          <xsl:call-template name="p">
            <xsl:with-param name="t" select="concat(@id, ' (ruleset ',
                @ruleset, ', turn ', @turn, ', deadline ', $dl, '): free ',
                @free, '; ', substring('the GM seats whoever asks',
                1 div (@join = 'gm')), substring('JOIN takes the seat',
                1 div (@join = 'auto')), '.')"/>
            <xsl:with-param name="first" select="'  '"/>
            <xsl:with-param name="rest" select="'    '"/>
          </xsl:call-template>
        </xsl:for-each>
        <xsl:call-template name="p">
          <xsl:with-param name="t" select="concat('To play: a mail with the',
              ' line JOIN, a game and a side (JOIN demo persia).')"/>
        </xsl:call-template>
      </xsl:when>
      <xsl:otherwise>LIST: no game takes players by mail now.
</xsl:otherwise>
    </xsl:choose>
    <xsl:value-of select="$nl"/>
  </xsl:for-each>
  <xsl:for-each select="join">
    <xsl:call-template name="p">
      <xsl:with-param name="t">
        <xsl:choose>
          <xsl:when test="@refused">
            <xsl:value-of select="concat('JOIN', substring(concat(' ',
                @game, ' ', @side), 1 div boolean(@game)), ': ', @refused,
                '.')"/>
            <xsl:if test="@free != ''">
              <xsl:value-of select="concat(' Free seats: ', @free, '.')"/>
            </xsl:if>
            <xsl:if test="not(@free)"> LIST names the games that
              do.</xsl:if>
          </xsl:when>
          <xsl:when test="@how = 'seated'">
            <xsl:value-of select="concat('JOIN ', @game, ' ', @side,
                ': you play side ', @side, ' of game ', @game, '. Your',
                ' welcome, with your password, the ships and the map, comes',
                ' in a mail of its own.')"/>
          </xsl:when>
          <xsl:otherwise>
            <xsl:value-of select="concat('JOIN ', @game, ' ', @side,
                ': your request went to the GM of game ', @game, ', who',
                ' seats the players; if you are seated you get a welcome',
                ' with your password.')"/>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:with-param>
    </xsl:call-template>
    <xsl:value-of select="$nl"/>
  </xsl:for-each>
</xsl:template>

<xsl:template match="/mail[@kind = 'join-request']">
  <xsl:value-of select="concat('Subject: A player asks to join', $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat(@address, ' asks to play side ',
        @side, ' of game ', @game, '. To seat them, send a GM mail with',
        ' the line SEAT ', @side, ' ', @address, ', or run:')"/>
  </xsl:call-template>
  <xsl:value-of select="concat($nl, '  navarch player add ', @game, ' ',
      @side, ' ', @address, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Either way they get a welcome',
        ' with a password. Nothing is done if you do neither.')"/>
  </xsl:call-template>
</xsl:template>

<!-- ==================================================================
     A mail that reached no game or player: the answer goes to its From
     address, at most once a day to a stranger.  The From may be forged:
     the answer repeats nothing of the mail (no subject; @name only when
     it is an id).
     ================================================================== -->
<xsl:template match="/mail[@kind = 'unrouted']">
  <xsl:value-of select="concat('Subject: Your mail to Navarch', $nl, $nl)"/>
  <xsl:choose>
    <xsl:when test="help">
      <xsl:for-each select="help">
        <xsl:call-template name="help-body"/>
      </xsl:for-each>
    </xsl:when>
    <xsl:otherwise>
      <xsl:variable name="side">
        <xsl:choose>
          <xsl:when test="@name">
            <xsl:value-of select="concat('side ', @name)"/>
          </xsl:when>
          <xsl:otherwise>that side</xsl:otherwise>
        </xsl:choose>
      </xsl:variable>
      <xsl:variable name="why">
        <xsl:choose>
          <xsl:when test="@reason = 'no-game'">Your mail names no game:
            write a line GAME and the game's id, or answer a mail of the
            game (its subject's [navarch GAME] tag routes the
            answer).</xsl:when>
          <xsl:when test="@reason = 'unknown-game' and not(@name)">There
            is no game of that name.</xsl:when>
          <xsl:when test="@reason = 'unknown-game'">
            <xsl:value-of select="concat('There is no game ', @name, '.')"/>
          </xsl:when>
          <xsl:when test="@reason = 'no-gm-password'">This game has no GM
            password: GM commands can only be given with navarch.</xsl:when>
          <xsl:when test="@reason = 'side-players' and @count = 0">
            <xsl:value-of select="concat('Game ', @game, ' has no player on ',
                $side, ': write PLAYER and your player id.')"/>
          </xsl:when>
          <xsl:when test="@reason = 'side-players'">
            <xsl:value-of select="concat('Game ', @game, ' has more than one',
                ' player on ', $side, ': write PLAYER and your player id.')"/>
          </xsl:when>
          <xsl:when test="@reason = 'unknown-player' and not(@name)">
            <xsl:value-of select="concat('Game ', @game, ' has no player',
                ' of that name.')"/>
          </xsl:when>
          <xsl:when test="@reason = 'unknown-player'">
            <xsl:value-of select="concat('Game ', @game, ' has no player ',
                @name, '.')"/>
          </xsl:when>
          <xsl:otherwise>
            <xsl:value-of select="concat('Your mail for game ', @game,
                ' says neither whose it is (PLAYER id, or SIDE id) nor GM.')"/>
          </xsl:otherwise>
        </xsl:choose>
      </xsl:variable>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="$why"/>
      </xsl:call-template>
      <xsl:if test="@text = 'none'">
        <xsl:value-of select="$nl"/>
        <xsl:call-template name="p">
          <xsl:with-param name="t" select="concat('Your mail has no text to',
              ' read, only attachments or pictures: write the lines in the',
              ' mail itself, or attach them as a plain text file (.txt).')"/>
        </xsl:call-template>
      </xsl:if>
      <xsl:if test="read-to">
        <xsl:value-of select="$nl"/>
        <xsl:apply-templates select="read-to"/>
      </xsl:if>
      <xsl:value-of select="$nl"/>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Nothing in your mail was',
            ' done. Send a mail with the line HELP for the commands.')"/>
      </xsl:call-template>
    </xsl:otherwise>
  </xsl:choose>
</xsl:template>

<!-- ==================================================================
     Mail the daemon sends of itself.
     ================================================================== -->
<xsl:template match="/mail[@kind = 'reminder']">
  <xsl:value-of select="concat('Subject: Reminder: your orders', $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('A reminder: game ', @game,
        ' has no orders from you (player ', @player, ', side ', @side,
        ') for turn ', @turn, '.')"/>
  </xsl:call-template>
  <xsl:call-template name="clock"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Without orders your ships go',
        ' straight on. Send your orders, or HELP for the commands.')"/>
  </xsl:call-template>
</xsl:template>

<xsl:template match="/mail[@kind = 'press']">
  <xsl:variable name="to">
    <xsl:choose>
      <xsl:when test="@to-kind = 'all' and @from-kind = 'gm'">every player
        and observer</xsl:when>
      <xsl:when test="@to-kind = 'all'">all players</xsl:when>
      <xsl:when test="@to-kind = 'gm'">the GM</xsl:when>
      <xsl:otherwise><xsl:value-of select="@to"/></xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:variable name="from">
    <xsl:choose>
      <xsl:when test="@from-kind = 'gm'">the GM</xsl:when>
      <xsl:when test="@from-kind = 'observer'">an observer</xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat('side ', @from-side, ' (player ',
            @from-player, ')')"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:variable name="answer">
    <xsl:choose>
      <xsl:when test="@from-kind = 'gm' or @from-kind = 'observer'">
        <xsl:value-of select="' Write to the GM with PRESS TO GM.'"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat(' Answer with PRESS TO ', @from-side,
            ' in a mail to the game.')"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:choose>
    <xsl:when test="@from-kind = 'gm' and @to-kind = 'all'">
      <xsl:value-of select="concat('Subject: Announcement from the GM', $nl,
          $nl)"/>
    </xsl:when>
    <xsl:when test="@from-kind = 'gm' or @from-kind = 'observer'">
      <xsl:value-of select="concat('Subject: Press from ', $from, $nl,
          $nl)"/>
    </xsl:when>
    <xsl:otherwise>
      <xsl:value-of select="concat('Subject: Press from ', @from-side, $nl,
          $nl)"/>
    </xsl:otherwise>
  </xsl:choose>
  <xsl:variable name="what">
    <xsl:choose>
      <xsl:when test="@from-kind = 'gm' and @to-kind = 'all'"
          >Announcement</xsl:when>
      <xsl:otherwise>Press</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat($what, ' from ', $from, ' to ',
        normalize-space($to), ', turn ', @turn, '.',
        &quot; Relayed by the game's daemon: addresses are never shown.&quot;,
        $answer)"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
  <xsl:for-each select="message/line">
    <xsl:value-of select="concat(., $nl)"/>
  </xsl:for-each>
</xsl:template>

<xsl:template match="/mail[@kind = 'draw-offer']">
  <xsl:value-of select="concat('Subject: Draw offer', $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Side ', @side,
        ' offers a draw on turn ', @turn, ' of game ', @game,
        '. Sides that offered so far: ', @offered-by, '. The game is drawn',
        ' when every side still in it (', @needed, ') has an offer',
        ' standing: send DRAW to accept. An offer stands, turn after turn,',
        ' until its side withdraws it (DRAW WITHDRAW).')"/>
  </xsl:call-template>
</xsl:template>

<xsl:template match="/mail[@kind = 'draw-withdrawn']">
  <xsl:variable name="left">
    <xsl:choose>
      <xsl:when test="@offered-by">
        <xsl:value-of select="concat('Offers still standing: ',
            @offered-by, '.')"/>
      </xsl:when>
      <xsl:otherwise>No draw offer stands now.</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: Draw offer withdrawn', $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Side ', @side,
        ' withdraws its draw offer on turn ', @turn, ' of game ', @game,
        '. ', $left, ' The game is drawn only when every side still in',
        ' it (', @needed, ') has an offer standing: a DRAW sent now does',
        ' not end it unless side ', @side, ' offers again.')"/>
  </xsl:call-template>
</xsl:template>

<xsl:template match="/mail[@kind = 'concession']">
  <xsl:value-of select="concat('Subject: Concession', $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Side ', @side, ' concedes game ',
        @game, ' on turn ', @turn, '; the GM decides what becomes of its',
        ' ships. The game goes on; it ends when one side is left, or when',
        ' every side still in it offers a draw.')"/>
  </xsl:call-template>
</xsl:template>

<!-- ==================================================================
     The players are told what the GM did (navarch or a GM's mail):
     always with the GM's reason, when one was given.
     ================================================================== -->

<!-- A new player: everything needed to play, in one mail. -->
<xsl:template match="/mail[@kind = 'welcome']">
  <xsl:variable name="s" select="seat"/>
  <xsl:variable name="title">
    <xsl:if test="@title != ''">
      <xsl:value-of select="concat(' (', @title, ')')"/>
    </xsl:if>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: Welcome to game ', @game, ': you',
      ' are ', $s/@player, ', side ', $s/@side, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Welcome to game ', @game,
        $title, '. You are player ', $s/@player, ' of side ', $s/@side,
        ' (', $s/@side-name, '); the ruleset is ', $s/@ruleset,
        '. Turn ', @turn, ' is open for orders.')"/>
  </xsl:call-template>
  <xsl:if test="@reason">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('From the GM: ', @reason)"/>
    </xsl:call-template>
  </xsl:if>
  <xsl:call-template name="clock"/>
  <xsl:value-of select="$nl"/>
  <xsl:choose>
    <xsl:when test="$s/@password">
      <xsl:value-of select="concat('Your password: ', $s/@password, $nl)"/>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Write it on a PASSWORD',
            ' line in every mail to the game. Keep it to yourself; change',
            ' it with a line PASSWORD NEW and the new one.')"/>
      </xsl:call-template>
    </xsl:when>
    <xsl:otherwise>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('Your password is the one',
            ' your GM gave you: write it on a PASSWORD line in every mail to',
            ' the game, and change it with a line PASSWORD NEW and the new',
            ' one.')"/>
      </xsl:call-template>
    </xsl:otherwise>
  </xsl:choose>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="$s/@timezone">
          <xsl:value-of select="concat('Deadlines are shown in UTC and on',
              ' your clock (', $s/@timezone, ').')"/>
        </xsl:when>
        <xsl:otherwise>Deadlines are shown in UTC. To see them on your own
          clock too, send a line SET TIMEZONE and your time zone, such as
          Europe/Paris or America/New_York.</xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="concat($nl, 'Your ships:', $nl)"/>
  <xsl:for-each select="$s/ship">
    <xsl:variable name="where">
      <xsl:choose>
        <xsl:when test="@hex">
          <xsl:value-of select="concat('in ', @hex, ' facing ', @facing)"/>
        </xsl:when>
        <xsl:otherwise>not on the map</xsl:otherwise>
      </xsl:choose>
    </xsl:variable>
    <xsl:value-of select="concat('  ', nv:pad(@id, 12), nv:pad(@name, 14),
        nv:pad(@class-name, 14), $where, $nl)"/>
  </xsl:for-each>
  <xsl:if test="not($s/ship)">
    <xsl:value-of select="concat('  none yet: the admiral of your side',
        ' assigns them', $nl)"/>
  </xsl:if>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('To give orders, send a plain',
        ' text mail to this address (answering this mail keeps the',
        &quot; game's tag in the subject), one order or command a line,&quot;,
        ' like this (your ships going straight on; change the movement and',
        ' add the other orders HELP ORDERS lists):')"/>
  </xsl:call-template>
  <xsl:value-of select="concat($nl, '  GAME ', @game, $nl, '  PLAYER ',
      $s/@player, $nl, '  PASSWORD your-password', $nl)"/>
  <xsl:for-each select="order-template/line">
    <xsl:value-of select="concat('  ', ., $nl)"/>
  </xsl:for-each>
  <xsl:value-of select="concat('  END', $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Each mail is answered with',
        ' your orders as understood and their plotted paths. Send HELP',
        ' for every command, STATUS for the game, MAP for the map.')"/>
  </xsl:call-template>
  <xsl:value-of select="concat($nl, 'The map as your side sees it:', $nl,
      $nl)"/>
  <xsl:for-each select="map/line">
    <xsl:value-of select="concat(., $nl)"/>
  </xsl:for-each>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('The seed of the dice is',
        ' secret until the game ends; this is its SHA-256 (the commitment).',
        ' Keep it: when the seed is revealed, its SHA-256 must be this, and',
        ' the archive of the game then proves every die.')"/>
  </xsl:call-template>
  <xsl:value-of select="concat('  ', $s/@commitment, $nl)"/>
</xsl:template>

<!-- The clock moved: a pause, a resume, a new deadline. -->
<xsl:template match="/mail[@kind = 'clock-change']">
  <xsl:variable name="why">
    <xsl:call-template name="reason"/>
  </xsl:variable>
  <xsl:variable name="subject">
    <xsl:choose>
      <xsl:when test="@change = 'paused'">Game paused</xsl:when>
      <xsl:when test="@change = 'resumed'">Game resumed</xsl:when>
      <xsl:otherwise>Deadline changed</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: ', $subject, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@change = 'paused'">
          <xsl:value-of select="concat('The GM paused game ', @game,
              ' on turn ', @turn, $why, '. No turn is played and no',
              ' deadline passes while it is paused; orders are still',
              ' taken.')"/>
        </xsl:when>
        <xsl:when test="@change = 'resumed'">
          <xsl:value-of select="concat('The GM resumed game ', @game,
              ' on turn ', @turn, $why, '.')"/>
        </xsl:when>
        <xsl:when test="@was">
          <xsl:value-of select="concat('The GM changed the deadline of',
              ' turn ', @turn, ' of game ', @game, $why, '; it was ', @was,
              ' (UTC).')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('The GM set the deadline of turn ',
              @turn, ' of game ', @game, $why, '.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:call-template name="clock"/>
</xsl:template>

<xsl:template match="/mail[@kind = 'rolled-back']">
  <xsl:value-of select="concat('Subject: Game rolled back to turn ',
      @to-turn, $nl, $nl)"/>
  <xsl:variable name="void">
    <xsl:choose>
      <xsl:when test="@from-turn - 1 > @to-turn">
        <xsl:value-of select="concat('The reports of turns ', @to-turn,
            ' to ', @from-turn - 1, ' you received are void')"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat('The report of turn ', @to-turn,
            ' you received is void')"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('The GM returned game ', @game,
        ' to the start of turn ', @to-turn, ', because: ', @reason, '. ',
        $void, ': turn ', @to-turn, ' is played again, and its new report',
        ' will say it replaces the old one. Your orders for turn ',
        @to-turn, ' stay in force (send new ones to change them); any for',
        ' later turns are void.')"/>
  </xsl:call-template>
</xsl:template>

<!-- To the one who lost a seat, at the address they had. -->
<xsl:template match="/mail[@kind = 'unseated']">
  <xsl:variable name="why">
    <xsl:call-template name="reason"/>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: You no longer play in game ',
      @game, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@how = 'replaced'">
          <xsl:value-of select="concat('The GM gave your place as player ',
              @player, ' (side ', @side, ') of game ', @game,
              ' to someone new', $why, '. Your password no longer works',
              ' and no more mail of the game comes to you.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('The GM removed you, player ',
              @player, ' (side ', @side, '), from game ', @game, $why,
              '. Mail signed as ', @player, ' is refused from now on; your',
              ' orders stay in the history of the game.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
</xsl:template>

<!-- To the other players: a seat changed hands or was emptied. -->
<xsl:template match="/mail[@kind = 'seat-change']">
  <xsl:variable name="why">
    <xsl:call-template name="reason"/>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: Player ', @player, ' ', @how, $nl,
      $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@how = 'replaced'">
          <xsl:value-of select="concat('The GM gave the place of player ',
              @player, ' (side ', @side, ') of game ', @game,
              ' to someone new', $why, '. Press to player ', @player,
              ' reaches the new player.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('The GM removed player ', @player,
              ' (side ', @side, ') from game ', @game, $why, '.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
</xsl:template>

<!-- Ships or a squadron given to another player: to the one who takes
     them (@reader = takes) and to each who loses some. -->
<xsl:template match="/mail[@kind = 'reassigned']">
  <xsl:value-of select="concat('Subject: Command changed from turn ', @at,
      $nl, $nl)"/>
  <xsl:if test="count(change) &gt; 1">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat(count(change),
          ' changes of command in game ', @game, ' concern you (player ',
          @reader-id, '):')"/>
    </xsl:call-template>
    <xsl:value-of select="$nl"/>
  </xsl:if>
  <!-- A <change> each; a document of one change without them (as
       before issue 14's grouping) is that change. -->
  <xsl:for-each select="change | self::*[not(change)]">
    <xsl:if test="position() &gt; 1">
      <xsl:value-of select="$nl"/>
    </xsl:if>
    <xsl:call-template name="reassigned-change"/>
  </xsl:for-each>
  <xsl:call-template name="clock"/>
</xsl:template>

<!-- One change of command (the context: a <change>, or the root), as
     its reader (@reader: takes, loses) sees it. -->
<xsl:template name="reassigned-change">
  <xsl:variable name="game" select="/mail/@game"/>
  <xsl:variable name="me" select="/mail/@reader-id"/>
  <xsl:variable name="why">
    <xsl:call-template name="reason"/>
  </xsl:variable>
  <xsl:variable name="sq">
    <xsl:if test="@squadron">
      <xsl:value-of select="concat(' (squadron ', @squadron, ')')"/>
    </xsl:if>
  </xsl:variable>
  <xsl:variable name="from">
    <xsl:choose>
      <xsl:when test="@from">
        <xsl:value-of select="concat(' from ', @from)"/>
      </xsl:when>
      <xsl:otherwise> (no one commanded them)</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@reader = 'takes'">
          <xsl:value-of select="concat('You (player ', $me, ')',
              ' take command of ', @ships, $sq, $from, ' in game ', $game,
              $why, ', from the start of turn ', @at, '.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat(@ships, $sq, ' pass from you',
              ' (player ', $me, ') to ', @player, ' in game ',
              $game, $why, ', from the start of turn ', @at, '.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@now = 'yes' and @reader = 'takes'">
          <xsl:value-of select="concat('The GM made it at once: send',
              ' orders for them before the deadline, or they take their',
              ' standing orders (else straight on).')"/>
        </xsl:when>
        <xsl:when test="@now = 'yes' and contains(concat(', ',
            @rewritten, ', '), concat(', ', $me, ', '))">
          <xsl:value-of select="concat('The GM made it at once: your',
              ' orders in force were rewritten without them; send ORDERS',
              ' to see them.')"/>
        </xsl:when>
        <xsl:when test="@now = 'yes'">
          <xsl:value-of select="concat('The GM made it at once; your',
              ' orders in force did not name them.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('The orders already sent for turn ',
              @turn, ' stand and are played; from turn ', @at, ' on, ',
              @player, ' orders them.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
</xsl:template>

<!-- A squadron's standing order set by the admiral or the GM: to the
     squadron's captain. -->
<xsl:template match="/mail[@kind = 'standing']">
  <xsl:variable name="who">
    <xsl:choose>
      <xsl:when test="@by">
        <xsl:value-of select="concat('Your admiral (player ', @by, ')')"/>
      </xsl:when>
      <xsl:otherwise>The GM</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:variable name="when">
    <xsl:choose>
      <xsl:when test="@now = 'yes'">
        <xsl:value-of select="concat('at once, in turn ', @at)"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat('from the start of turn ', @at)"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: Standing order of squadron ',
      @squadron, ' from turn ', @at, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@standing">
          <xsl:value-of select="concat($who, ' set the standing order of',
              ' your squadron ', @squadron, ' (player ', @reader-id,
              ', game ', @game, ') to ', @standing, ', ', $when, '.')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat($who, ' took back the standing',
              ' order of your squadron ', @squadron, ' (player ',
              @reader-id, ', game ', @game, '), ', $when, '.')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
  <xsl:variable name="takes">
    <xsl:choose>
      <xsl:when test="@standing">Its ships take it in a turn you send no
        order for them (else they go by the default).</xsl:when>
      <xsl:otherwise>Its ships go by the default in a turn you send no
        order for them.</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat(normalize-space($takes),
        ' Your orders always come first, and those already sent for turn ',
        @turn, ' stand.')"/>
  </xsl:call-template>
  <xsl:call-template name="clock"/>
</xsl:template>

<!-- Ships moved into a squadron no player commands: to the side's
     admiral (@reader = admiral), else the GM (gm). -->
<xsl:template match="/mail[@kind = 'uncommanded']">
  <xsl:variable name="when">
    <xsl:choose>
      <xsl:when test="@now = 'yes'">
        <xsl:value-of select="concat('at once, in turn ', @at)"/>
      </xsl:when>
      <xsl:otherwise>
        <xsl:value-of select="concat('from the start of turn ', @at)"/>
      </xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: No one commands ', @ships,
      ' from turn ', @at, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Ships ', @ships, ' (side ',
        @side, ') move into squadron ', @squadron, ' in game ', @game,
        ', ', $when,
        ', and no player commands that squadron: nobody orders them.',
        ' They take the standing order of the squadron in every turn, else',
        ' go by the default (straight on).')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@reader = 'gm'">
          <xsl:value-of select="concat('Side ', @side, ' has no admiral',
              ' player to see to it. Give the squadron to a player',
              ' (ASSIGN SQUADRON ', @squadron, ' TO player, or navarch',
              ' squadron assign ', @game, ' ', @squadron, ' PLAYER), or',
              ' set its standing order (ASSIGN SQUADRON ', @squadron,
              ' STANDING order).')"/>
        </xsl:when>
        <xsl:otherwise>
          <xsl:value-of select="concat('As admiral (player ', @reader-id,
              '), give the squadron to a player (ASSIGN SQUADRON ',
              @squadron, ' TO player), set its standing order (ASSIGN',
              ' SQUADRON ', @squadron, ' STANDING order), or move the',
              ' ships into a squadron that has a player (ASSIGN SHIP ship',
              ' TO SQUADRON squadron).')"/>
        </xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
  <xsl:call-template name="clock"/>
</xsl:template>

<xsl:template match="/mail[@kind = 'orders-entered']">
  <xsl:variable name="why">
    <xsl:call-template name="reason"/>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: Orders entered for you by the GM',
      $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('The GM entered orders for you',
        ' for turn ', @turn, ' of game ', @game, $why, '. Your orders in',
        ' force now, as understood:')"/>
  </xsl:call-template>
  <xsl:for-each select="in-force">
    <xsl:call-template name="lines">
      <xsl:with-param name="none" select="$default-order"/>
    </xsl:call-template>
  </xsl:for-each>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Send orders of your own to',
        ' replace them, ship by ship, before the deadline.')"/>
  </xsl:call-template>
  <xsl:call-template name="clock"/>
</xsl:template>

<!-- The deadline passed and the turn waits out the grace period. -->
<xsl:template match="/mail[@kind = 'late']">
  <xsl:value-of select="concat('Subject: Your orders are late', $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('The deadline of turn ', @turn,
        ' of game ', @game, ' has passed and there are no orders from you',
        ' (player ', @player, ', side ', @side, '). The turn waits until ',
        @played-at, ' (UTC): send your orders now; without them your',
        ' ships go straight on.')"/>
  </xsl:call-template>
  <xsl:call-template name="clock"/>
</xsl:template>

<xsl:template match="/mail[@kind = 'waiting']">
  <xsl:variable name="who">
    <xsl:for-each select="waiting-for">
      <xsl:if test="position() > 1">, </xsl:if>
      <xsl:value-of select="concat(@player, ' (side ', @side, ')')"/>
    </xsl:for-each>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: Turn ', @turn, ' waits for orders',
      $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('The deadline of turn ', @turn,
        ' of game ', @game, ' has passed; the turn waits until ', @played-at,
        ' (UTC) for orders from: ', $who, '. Then it is played, with or',
        ' without them.')"/>
  </xsl:call-template>
</xsl:template>

<!-- The end of a game, however it ended: the final report follows this
     text in the mail, and the archive is attached. -->
<xsl:template match="/mail[@kind = 'final']">
  <xsl:variable name="r" select="result"/>
  <xsl:variable name="result">
    <xsl:choose>
      <xsl:when test="$r/@kind = 'won'">
        <xsl:value-of select="concat('won by ', $r/@winner)"/>
      </xsl:when>
      <xsl:otherwise>drawn</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:variable name="how">
    <xsl:choose>
      <xsl:when test="$r/@how = 'drawn'">Every side offered a
        draw</xsl:when>
      <xsl:when test="$r/@how = 'conceded'">A side conceded</xsl:when>
      <xsl:when test="$r/@how = 'gm'">The GM ended it</xsl:when>
      <xsl:otherwise>The rules ended it</xsl:otherwise>
    </xsl:choose>
  </xsl:variable>
  <xsl:value-of select="concat('Subject: Game over: ', $result, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Game ', @game, ' is over: ',
        $result, '. ', $how, ' (', $r/@reason, ').')"/>
  </xsl:call-template>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('The seed of the dice, secret',
        ' until now, is revealed; its SHA-256 must be the commitment shown',
        ' when the game began. The seed:')"/>
  </xsl:call-template>
  <xsl:value-of select="concat('  ', @seed, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="'Its SHA-256, the commitment:'"/>
  </xsl:call-template>
  <xsl:value-of select="concat('  ', @commitment, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('The archive of the whole game',
        ' is attached (', @archive, '). With navarch and its rulesets,',
        ' anyone can play every turn again from the scenario, the orders',
        ' and the seed, and check every state, event and die:')"/>
  </xsl:call-template>
  <xsl:value-of select="concat('  ', @verify, $nl, $nl)"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t">
      <xsl:choose>
        <xsl:when test="@played > 0">
          <xsl:value-of select="concat('The final report follows: turn ',
              @played, ', the last played, and the result.')"/>
        </xsl:when>
        <xsl:otherwise>The final report follows: no turn was played, so
          it shows the game as it stood.</xsl:otherwise>
      </xsl:choose>
    </xsl:with-param>
  </xsl:call-template>
</xsl:template>

<!-- ==================================================================
     To the GM: a mail the daemon could not process was set aside, so
     that the mail after it goes on (docs/mail-parsing.md).  From and
     Subject are the sender's, as written and cut short.
     ================================================================== -->
<xsl:template match="/mail[@kind = 'quarantined']">
  <xsl:value-of select="concat('Subject: Mail quarantined', $nl, $nl)"/>
  <xsl:choose>
    <xsl:when test="@folder">
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('A mail to the game',
            &quot;'s address could not be processed and was moved to the&quot;,
            ' quarantine folder (', @folder, '), where it stays for you to',
            ' look at. The mail after it goes on as usual.')"/>
      </xsl:call-template>
    </xsl:when>
    <xsl:otherwise>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat('A mail to the game',
            &quot;'s address could not be processed and was refused to the&quot;,
            ' mail server, which returns it to its sender.')"/>
      </xsl:call-template>
    </xsl:otherwise>
  </xsl:choose>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Why: ', @reason)"/>
    <xsl:with-param name="first" select="'  '"/>
    <xsl:with-param name="rest" select="'       '"/>
  </xsl:call-template>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Mail: ', @where)"/>
    <xsl:with-param name="first" select="'  '"/>
    <xsl:with-param name="rest" select="'        '"/>
  </xsl:call-template>
  <xsl:if test="@from">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('From (as written, not',
          ' checked): ', @from)"/>
      <xsl:with-param name="first" select="'  '"/>
      <xsl:with-param name="rest" select="'    '"/>
    </xsl:call-template>
  </xsl:if>
  <xsl:if test="@subject">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('Subject: ', @subject)"/>
      <xsl:with-param name="first" select="'  '"/>
      <xsl:with-param name="rest" select="'    '"/>
    </xsl:call-template>
  </xsl:if>
  <xsl:if test="@size">
    <xsl:value-of select="concat('  Size: ', @size, ' bytes', $nl)"/>
  </xsl:if>
  <xsl:if test="@attempts">
    <xsl:value-of select="concat('  Attempts that failed: ',
        @attempts, $nl)"/>
  </xsl:if>
  <xsl:value-of select="$nl"/>
  <xsl:call-template name="p">
    <xsl:with-param name="t" select="concat('Nothing in it was done and its',
        ' sender was not answered. If it holds orders, ask the player to',
        ' send them again as plain text. At most ', @limit, ' such notices',
        ' are sent a day; the daemon', &quot;'s log names every quarantined&quot;,
        ' mail.')"/>
  </xsl:call-template>
</xsl:template>

<!-- ==================================================================
     A turn report mail: its subject, and what follows the report's own
     text (report-*.xsl words the report).  The GM learns here who sent
     no orders; every reader the next deadline, and, after a rollback,
     that the report replaces the one sent before.
     ================================================================== -->
<xsl:template match="/mail[@kind = 'report']">
  <xsl:value-of select="concat('Subject: Turn ', @played, ' report')"/>
  <xsl:if test="@parts > 1">
    <xsl:value-of select="concat(', part ', @part, ' of ', @parts)"/>
  </xsl:if>
  <xsl:if test="@again = 'yes'"> (again)</xsl:if>
  <xsl:if test="replaces"> (replaces the one rolled back)</xsl:if>
  <xsl:value-of select="concat($nl, $nl)"/>
  <xsl:for-each select="replaces">
    <xsl:call-template name="p">
      <xsl:with-param name="t" select="concat('This report replaces the',
          ' report of turn ', /mail/@played, ' sent before: the GM rolled',
          ' the game back and the turn was played again, because: ',
          @reason, '.')"/>
    </xsl:call-template>
    <xsl:value-of select="$nl"/>
  </xsl:for-each>
  <xsl:call-template name="clock"/>
  <xsl:if test="missed">
    <xsl:value-of select="concat('For the GM:', $nl)"/>
    <xsl:for-each select="missed">
      <xsl:variable name="limit">
        <xsl:if test="number(@count) >= number(@limit)">: that is the
          game's limit; you may replace the player (navarch player
          replace)</xsl:if>
      </xsl:variable>
      <xsl:call-template name="p">
        <xsl:with-param name="t" select="concat(@player, ' sent no orders',
            ' this turn (', @count, ' turn(s) missed in all)', $limit)"/>
        <xsl:with-param name="first" select="'  '"/>
        <xsl:with-param name="rest" select="'    '"/>
      </xsl:call-template>
    </xsl:for-each>
  </xsl:if>
</xsl:template>

<!-- A kind this file does not know stops the mail with a clear error. -->
<xsl:template match="/mail" priority="-1">
  <xsl:message terminate="yes">
    <xsl:value-of select="concat('mail.xsl has no wording for a mail of',
        ' kind ', @kind)"/>
  </xsl:message>
</xsl:template>

<xsl:template match="*" priority="-2">
  <xsl:message terminate="yes">
    <xsl:value-of select="concat('mail.xsl has no wording for &lt;',
        local-name(), '&gt; in a mail of kind ', /mail/@kind)"/>
  </xsl:message>
</xsl:template>

</xsl:stylesheet>
