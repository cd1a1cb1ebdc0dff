#!/usr/bin/env bash
# dovecot.sh: a private Dovecot IMAP server on 127.0.0.1 for the tests.
#
#   dovecot.sh start              start one; prints KEY=VALUE lines (below)
#                                 and writes them to DIR/env
#   dovecot.sh stop DIR           stop it by the PID in base_dir/master.pid,
#                                 wait for it to exit, remove DIR
#   dovecot.sh save DIR [FOLDER]  put the message on standard input into
#                                 the test user's FOLDER (default INBOX)
#   dovecot.sh doveadm DIR ARGS   run doveadm against it (-u USER is yours)
#
# Everything lives in one private temporary directory (DIR): the
# configuration, a CA and a server certificate made with openssl at start
# (subjectAltName DNS:localhost, IP:127.0.0.1), the Maildirs, logs and
# sockets.  Two listeners on free high ports: plain IMAP (with STARTTLS)
# and IMAPS.  Printed keys: DOVECOT_DIR, DOVECOT_CONF, IMAP_PORT,
# IMAPS_PORT, DOVECOT_CA (the CA that signed the server's certificate),
# DOVECOT_OTHER_CA (an unrelated CA, to test a failed verification),
# DOVECOT_USER, DOVECOT_PASSWORD_FILE.
#
# Two environment variables let it serve Maildirs another server delivers
# into (tests/daemon/servers.sh, with tests/servers/postfix.sh):
#   NV_DOVECOT_MAIL_ROOT  serve ROOT/LOGIN/Maildir (Postfix's virtual
#                         layout) instead of DIR/mail/LOGIN; the Maildirs
#                         must belong to navarchtest (NV_MAIL_USER there)
#   NV_DOVECOT_USERS      the logins, separated by spaces (default: player),
#                         all with the one password; DOVECOT_USER is the first
#
# Needs root (Dovecot refuses to access mail as uid 0, so the Maildirs
# belong to a system user, navarchtest, created if missing), dovecot-imapd
# and openssl.  Without them: exit 77 (skip) with what to install, or 1
# when CI=true, where a missing server is a failure.
set -eu

MAILUSER=navarchtest
LOGINS=${NV_DOVECOT_USERS:-player}
LOGIN=${LOGINS%% *}
MAIL_ROOT=${NV_DOVECOT_MAIL_ROOT:-}
PASSWORD=galley-oar-7

skip() {
	echo "dovecot.sh: $*" >&2
	if [ "${CI:-}" = true ]; then
		echo "dovecot.sh: CI=true: a missing server is a failure" >&2
		exit 1
	fi
	exit 77
}

need() {
	local install="apt-get install dovecot-imapd openssl"
	if ! { command -v dovecot && command -v doveadm; } >/dev/null 2>&1 ||
	    [ ! -x /usr/lib/dovecot/imap ]; then
		skip "Dovecot IMAP is not installed: $install" \
		    "(or run scripts/setup-debian.sh)"
	fi
	command -v openssl >/dev/null 2>&1 ||
	    skip "openssl is not installed: apt-get install openssl"
	command -v python3 >/dev/null 2>&1 ||
	    skip "python3 is not installed: apt-get install python3"
	[ "$(id -u)" -eq 0 ] ||
	    skip "the Dovecot tests need root (a private Dovecot," \
	    "and a system user to own its Maildirs)"
}

# Two free TCP ports on 127.0.0.1 (the kernel picks; a race with another
# program is caught by the retry in start).
free_ports() {
	python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(" ".join(str(x.getsockname()[1]) for x in s))'
}

make_certs() {
	local d=$1
	(
		cd "$d/tls"
		openssl req -x509 -newkey rsa:2048 -nodes -days 2 \
		    -keyout ca.key -out ca.pem -subj "/CN=Navarch test CA" \
		    -addext "basicConstraints=critical,CA:TRUE" \
		    -addext "keyUsage=critical,keyCertSign,cRLSign"
		openssl req -newkey rsa:2048 -nodes -keyout server.key \
		    -out server.csr -subj "/CN=localhost"
		printf '%s\n' "subjectAltName=DNS:localhost,IP:127.0.0.1" \
		    "basicConstraints=CA:FALSE" \
		    "keyUsage=digitalSignature,keyEncipherment" \
		    "extendedKeyUsage=serverAuth" >server.ext
		openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key \
		    -CAcreateserial -days 2 -extfile server.ext -out server.pem
		openssl req -x509 -newkey rsa:2048 -nodes -days 2 \
		    -keyout other-ca.key -out other-ca.pem \
		    -subj "/CN=Some other CA"
	) >"$d/openssl.log" 2>&1 || { cat "$d/openssl.log" >&2; return 1; }
	chmod 644 "$d/tls/"*.pem
	chmod 600 "$d/tls/"*.key
}

write_conf() {
	local d=$1 imap=$2 imaps=$3 location home
	if [ -n "$MAIL_ROOT" ]; then
		location=maildir:$MAIL_ROOT/%u/Maildir
		home=$MAIL_ROOT/%u
	else
		location=maildir:$d/mail/%u
		home=$d/mail/%u
	fi
	cat >"$d/dovecot.conf" <<EOF
# Written by tests/servers/dovecot.sh; private to this test run.
base_dir = $d/run
state_dir = $d/state
log_path = $d/dovecot.log
info_log_path = $d/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = yes
ssl_cert = <$d/tls/server.pem
ssl_key = <$d/tls/server.key
ssl_min_protocol = TLSv1.2
# Loopback connections count as secure in Dovecot, so plaintext login
# (tls = off) works there; remote ones would need TLS.
disable_plaintext_auth = yes
auth_mechanisms = plain login
# The defaults slow a failed login by 2 s and cap connections at 10.
auth_failure_delay = 0
# anvil's auth penalty would delay every login from 127.0.0.1 (even a good
# one) by 2, 4, 8 s after failed ones: the tests fail logins on purpose.
service anvil {
  unix_listener anvil-auth-penalty {
    mode = 0
  }
}
# Without this, Dovecot waits 5 s for the stats process at shutdown.
stats_writer_socket_path =
first_valid_uid = 1
mail_location = $location
mail_uid = $MAILUSER
mail_gid = $MAILUSER
default_login_user = dovenull
default_internal_user = dovecot
namespace inbox {
  inbox = yes
  separator = /
}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u $d/passwd
}
userdb {
  driver = static
  args = uid=$MAILUSER gid=$MAILUSER home=$home
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = $imap
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = $imaps
    ssl = yes
  }
}
protocol imap {
  mail_max_userip_connections = 200
}
EOF
}

# Waits (at most 10 s) until both ports accept connections.
wait_listening() {
	python3 - "$@" <<'EOF'
import socket, sys, time
end = time.time() + 10
for port in sys.argv[1:]:
    while True:
        try:
            socket.create_connection(("127.0.0.1", int(port)), 1).close()
            break
        except OSError:
            if time.time() > end:
                sys.exit(1)
            time.sleep(0.05)
EOF
}

start() {
	need
	id "$MAILUSER" >/dev/null 2>&1 ||
	    useradd --system --no-create-home --shell /usr/sbin/nologin \
	    "$MAILUSER" >/dev/null
	local d ports imap imaps try login
	d=$(mktemp -d /tmp/navarch-dovecot.XXXXXX)
	# mktemp makes it 0700: Dovecot's workers could not traverse it.
	chmod 755 "$d"
	mkdir -p "$d/tls" "$d/run" "$d/state" "$d/mail"
	chown "$MAILUSER:$MAILUSER" "$d/mail"
	make_certs "$d" || { rm -rf "$d"; exit 1; }
	for login in $LOGINS; do
		printf '%s:{PLAIN}%s\n' "$login" "$PASSWORD"
	done >"$d/passwd"
	printf '%s\n' "$PASSWORD" >"$d/password"
	chmod 644 "$d/passwd"
	chmod 600 "$d/password"
	for try in 1 2 3 4 5; do
		ports=$(free_ports)
		imap=${ports% *}
		imaps=${ports#* }
		write_conf "$d" "$imap" "$imaps"
		if dovecot -c "$d/dovecot.conf" 2>>"$d/start.log" &&
		    wait_listening "$imap" "$imaps"; then
			break
		fi
		stop_server "$d"
		if [ "$try" -eq 5 ]; then
			echo "dovecot.sh: Dovecot did not start:" >&2
			tail -n 20 "$d/start.log" "$d/dovecot.log" >&2 || true
			rm -rf "$d"
			exit 1
		fi
	done
	cat >"$d/env" <<EOF
DOVECOT_DIR=$d
DOVECOT_CONF=$d/dovecot.conf
IMAP_PORT=$imap
IMAPS_PORT=$imaps
DOVECOT_CA=$d/tls/ca.pem
DOVECOT_OTHER_CA=$d/tls/other-ca.pem
DOVECOT_USER=$LOGIN
DOVECOT_PASSWORD_FILE=$d/password
EOF
	cat "$d/env"
}

# The master, or anything of its process group, still runs.
alive() {
	kill -0 "$1" 2>/dev/null || pgrep -g "$1" >/dev/null 2>&1
}

# Stops the master by its PID and waits (at most 10 s) for its process
# group to go.
stop_server() {
	local d=$1 pid
	[ -f "$d/run/master.pid" ] || return 0
	pid=$(cat "$d/run/master.pid")
	case $pid in '' | *[!0-9]*) return 0 ;; esac
	kill -TERM "$pid" 2>/dev/null || return 0
	for _ in $(seq 1 200); do
		alive "$pid" || break
		sleep 0.05
	done
	if alive "$pid"; then
		echo "dovecot.sh: Dovecot $pid did not stop in 10 s: killing it" >&2
		kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null || true
		for _ in $(seq 1 40); do
			alive "$pid" || break
			sleep 0.05
		done
	fi
	rm -f "$d/run/master.pid"
}

checkdir() {
	case ${1:-} in
	/tmp/navarch-dovecot.*) [ -f "$1/dovecot.conf" ] && return 0 ;;
	esac
	echo "dovecot.sh: '${1:-}' is not a directory made by dovecot.sh start" >&2
	exit 1
}

cmd=${1:-}
case $cmd in
start)
	start
	;;
stop)
	checkdir "${2:-}"
	stop_server "$2"
	rm -rf "$2"
	;;
save)
	checkdir "${2:-}"
	doveadm -c "$2/dovecot.conf" save -u "$LOGIN" -m "${3:-INBOX}"
	;;
doveadm)
	checkdir "${2:-}"
	d=$2
	shift 2
	doveadm -c "$d/dovecot.conf" "$@"
	;;
*)
	echo "usage: dovecot.sh start | stop DIR | save DIR [FOLDER] | doveadm DIR ARGS..." >&2
	exit 64
	;;
esac
