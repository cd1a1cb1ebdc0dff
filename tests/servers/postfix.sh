#!/bin/sh
# postfix.sh: a private Postfix on 127.0.0.1 for the tests, entirely inside
# one temporary directory (docs/sending.md, ../shared/notes/mail-stack.md).
#
#   postfix.sh start DIR	start it; writes DIR/env (KEY=VALUE lines)
#   postfix.sh stop DIR	stop it by its PID and wait for it to go
#
# What runs: Postfix with three listeners on free high ports of 127.0.0.1:
#   SMTP_PORT		plain SMTP with STARTTLS offered, no AUTH; accepts
#			mail from 127.0.0.1 for the virtual mailboxes
#   SUBMISSION_PORT	STARTTLS required, AUTH (only after STARTTLS) required
#   SMTPS_PORT		TLS from the first byte (wrapper mode)
#   PLAIN_PORT		no STARTTLS at all, but AUTH offered in clear: a
#			server that `tls = required` must refuse to use
# and, for AUTH, a Dovecot that serves nothing but its auth socket to
# Postfix (Postfix's own SASL needs Dovecot or Cyrus).  The certificate is
# self-signed for DNS:localhost and IP:127.0.0.1 (DIR/tls/ca.pem is the CA
# to verify it with); DIR/tls/other.pem is an unrelated certificate, a
# wrong CA.  Mail for a@example.org and b@example.org is delivered into
# DIR/mail/a/Maildir and DIR/mail/b/Maildir (owned by NV_MAIL_USER, default
# nobody); any other @example.org recipient is refused with 550; every
# other domain goes to the error transport, so nothing leaves the machine.
#
# Environment, for tests/daemon/servers.sh (the defaults are as above):
#   NV_MAILBOXES	the local parts at example.org with a Maildir
#			(default: a b), separated by spaces
#   NV_TLS_CERT, NV_TLS_KEY, NV_TLS_CA
#			serve this certificate and key (signed by the CA in
#			NV_TLS_CA, which CA_FILE then names) instead of a
#			self-signed one: one CA for Dovecot and Postfix
#
# Exit status: 0; 77 when Postfix, Dovecot or openssl is missing (1 when
# CI=true, where a missing server is a failure); 1 on any other failure,
# with the logs printed.  Needs root (Postfix's master runs as root).
set -eu

die() { echo "postfix.sh: $*" >&2; exit 1; }

missing() {
	if [ "${CI:-}" = true ]; then
		die "$1 (CI=true: the mail servers must be installed)"
	fi
	echo "postfix.sh: skipped: $1; install with scripts/setup-debian.sh" \
	    "(postfix, dovecot-core, openssl)" >&2
	exit 77
}

# A free TCP port on 127.0.0.1 (the kernel picks; a tiny race is fine).
free_port() {
	python3 -c 'import socket
s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Waits (at most 10 s) until something accepts on 127.0.0.1:$1.
wait_port() {
	i=0
	while ! python3 -c 'import socket, sys
socket.create_connection(("127.0.0.1", int(sys.argv[1])), 1).close()' \
	    "$1" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -le 100 ] || return 1
		sleep 0.1
	done
}

# Waits (at most 10 s) for process $1 to exit.
wait_gone() {
	i=0
	while kill -0 "$1" 2>/dev/null; do
		i=$((i + 1))
		[ "$i" -le 100 ] || return 1
		sleep 0.1
	done
}

show_logs() {
	for f in "$dir"/log/*; do
		[ -f "$f" ] || continue
		echo "==== $f" >&2
		tail -n 30 "$f" >&2
	done
}

make_cert() {
	mkdir -p "$dir/tls"
	for name in cert other; do
		openssl req -x509 -newkey rsa:2048 -nodes -days 2 \
		    -subj "/CN=localhost" \
		    -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
		    -keyout "$dir/tls/$name.key" -out "$dir/tls/$name.pem" \
		    >/dev/null 2>&1 || die "openssl cannot make a certificate"
	done
	if [ -n "${NV_TLS_CERT:-}" ]; then
		cp "$NV_TLS_CERT" "$dir/tls/server.pem"
		cp "$NV_TLS_KEY" "$dir/tls/server.key"
		cp "${NV_TLS_CA:?NV_TLS_CA must name the CA of NV_TLS_CERT}" \
		    "$dir/tls/ca.pem"
	else
		cp "$dir/tls/cert.pem" "$dir/tls/server.pem"
		cp "$dir/tls/cert.key" "$dir/tls/server.key"
		cp "$dir/tls/cert.pem" "$dir/tls/ca.pem"
	fi
	chmod 644 "$dir/tls/"*
}

start_dovecot() {
	d=$dir/dovecot
	mkdir -p "$d/run" "$d/state"
	echo "navarch:{PLAIN}$password::::::" >"$d/passwd"
	chmod 644 "$d/passwd"
	cat >"$d/dovecot.conf" <<EOF
# Auth only: Postfix asks this Dovecot to check SMTP AUTH passwords.
protocols = none
base_dir = $d/run
state_dir = $d/state
log_path = $dir/log/dovecot.log
ssl = no
auth_mechanisms = plain login
auth_failure_delay = 0
stats_writer_socket_path =
passdb {
  driver = passwd-file
  args = scheme=PLAIN $d/passwd
}
userdb {
  driver = static
  args = uid=$mail_user home=$dir/mail/%n
}
service auth {
  unix_listener auth-postfix {
    mode = 0666
  }
}
EOF
	dovecot -c "$d/dovecot.conf" || { show_logs; die "dovecot did not start"; }
	i=0
	while [ ! -S "$d/run/auth-postfix" ]; do
		i=$((i + 1))
		[ "$i" -le 100 ] || { show_logs; die "no dovecot auth socket"; }
		sleep 0.1
	done
}

write_main_cf() {
	c=$dir/conf
	cat >"$c/main.cf" <<EOF
compatibility_level = 3.6
queue_directory = $dir/spool
data_directory = $dir/data
command_directory = /usr/sbin
daemon_directory = /usr/lib/postfix/sbin
shlib_directory = /usr/lib/postfix
mail_owner = postfix
setgid_group = postdrop
myhostname = localhost
mydomain = localdomain
myorigin = localhost
mydestination =
inet_interfaces = 127.0.0.1
inet_protocols = ipv4
mynetworks = 127.0.0.0/8
maillog_file = $dir/log/postfix.log
maillog_file_prefixes = $dir/log
alias_maps =
alias_database =
biff = no
# Nothing leaves the machine.
default_transport = error:this test server delivers nowhere else
relay_transport = error:this test server delivers nowhere else
virtual_mailbox_domains = example.org
virtual_mailbox_base = $dir/mail
virtual_mailbox_maps = texthash:$c/vmailbox
virtual_uid_maps = static:$mail_uid
virtual_gid_maps = static:$mail_gid
virtual_minimum_uid = 1
smtpd_relay_restrictions = permit_mynetworks, reject_unauth_destination
smtpd_tls_cert_file = $dir/tls/server.pem
smtpd_tls_key_file = $dir/tls/server.key
smtpd_tls_security_level = may
smtpd_sasl_type = dovecot
smtpd_sasl_path = $dir/dovecot/run/auth-postfix
EOF
	for box in ${NV_MAILBOXES:-a b}; do
		printf '%s@example.org %s/Maildir/\n' "$box" "$box"
	done >"$c/vmailbox"
	# A main.cf younger than 2 s makes postfix wait 2.4 s ("cool-down").
	touch -d '-1 minute' "$c/main.cf"
}

write_master_cf() {
	cat >"$dir/conf/master.cf" <<EOF
127.0.0.1:$smtp_port inet n - n - - smtpd
127.0.0.1:$submission_port inet n - n - - smtpd
  -o smtpd_tls_security_level=encrypt
  -o smtpd_tls_auth_only=yes
  -o smtpd_sasl_auth_enable=yes
  -o mynetworks=
  -o smtpd_client_restrictions=permit_sasl_authenticated,reject
  -o smtpd_relay_restrictions=permit_sasl_authenticated,reject
127.0.0.1:$smtps_port inet n - n - - smtpd
  -o smtpd_tls_wrappermode=yes
  -o smtpd_tls_security_level=encrypt
127.0.0.1:$plain_port inet n - n - - smtpd
  -o smtpd_tls_security_level=none
  -o smtpd_sasl_auth_enable=yes
pickup    unix  n - n 60 1 pickup
cleanup   unix  n - n - 0 cleanup
qmgr      unix  n - n 300 1 qmgr
tlsmgr    unix  - - n 1000? 1 tlsmgr
rewrite   unix  - - n - - trivial-rewrite
bounce    unix  - - n - 0 bounce
defer     unix  - - n - 0 bounce
trace     unix  - - n - 0 bounce
verify    unix  - - n - 1 verify
flush     unix  n - n 1000? 0 flush
proxymap  unix  - - n - - proxymap
proxywrite unix - - n - 1 proxymap
smtp      unix  - - n - - smtp
relay     unix  - - n - - smtp
showq     unix  n - n - - showq
error     unix  - - n - - error
retry     unix  - - n - - error
discard   unix  - - n - - discard
virtual   unix  - n n - - virtual
anvil     unix  - - n - 1 anvil
scache    unix  - - n - 1 scache
postlog   unix-dgram n - n - 1 postlogd
EOF
}

start() {
	command -v postfix >/dev/null 2>&1 || missing "postfix is not installed"
	command -v dovecot >/dev/null 2>&1 || missing "dovecot is not installed"
	command -v openssl >/dev/null 2>&1 || missing "openssl is not installed"
	command -v python3 >/dev/null 2>&1 || missing "python3 is not installed"
	[ "$(id -u)" -eq 0 ] || missing "postfix must be started as root"
	mail_user=${NV_MAIL_USER:-nobody}
	mail_uid=$(id -u "$mail_user") || die "no user $mail_user"
	mail_gid=$(id -g "$mail_user")
	password=test-$$-pw

	chmod 755 "$dir"
	mkdir -p "$dir/conf" "$dir/spool" "$dir/data" "$dir/log" "$dir/mail"
	chown postfix "$dir/data"
	chown "$mail_uid:$mail_gid" "$dir/mail"
	make_cert
	smtp_port=$(free_port)
	submission_port=$(free_port)
	smtps_port=$(free_port)
	plain_port=$(free_port)
	start_dovecot
	write_main_cf
	write_master_cf
	printf '%s\n' "$password" >"$dir/smtp-password"
	chmod 600 "$dir/smtp-password"

	if ! postfix -c "$dir/conf" start >"$dir/log/start.log" 2>&1; then
		cat "$dir/log/start.log" >&2
		show_logs
		stop
		die "postfix did not start"
	fi
	for p in "$smtp_port" "$submission_port" "$smtps_port" "$plain_port"
	do
		wait_port "$p" || { show_logs; stop; die "nothing on port $p"; }
	done
	cat >"$dir/env" <<EOF
SMTP_PORT=$smtp_port
SUBMISSION_PORT=$submission_port
SMTPS_PORT=$smtps_port
PLAIN_PORT=$plain_port
CA_FILE=$dir/tls/ca.pem
WRONG_CA_FILE=$dir/tls/other.pem
MAIL_DIR=$dir/mail
SMTP_USER=navarch
SMTP_PASSWORD_FILE=$dir/smtp-password
EOF
}

# The PID in pid file $1, or nothing.
pid_of() {
	[ -f "$1" ] && tr -dc 0-9 <"$1" || :
}

# Stops Postfix and Dovecot, each by the PID in its pid file, both at once
# (Dovecot's master alone takes about 3 s to exit), then waits for both.
stop() {
	pids=""
	for f in "$dir/spool/pid/master.pid" "$dir/dovecot/run/master.pid"; do
		pid=$(pid_of "$f")
		if [ -n "$pid" ] && kill -TERM "$pid" 2>/dev/null; then
			pids="$pids $pid"
		fi
	done
	for pid in $pids; do
		wait_gone "$pid" || kill -KILL "$pid" 2>/dev/null || :
	done
}

[ $# -eq 2 ] || die "usage: postfix.sh start|stop DIR"
dir=$2
[ -d "$dir" ] || die "$dir is not a directory"
case $1 in
start) start ;;
stop) stop ;;
*) die "usage: postfix.sh start|stop DIR" ;;
esac
