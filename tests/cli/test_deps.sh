#!/bin/sh
# test_deps.sh - scripts/deps.sh and this machine's mail server. Debian
# keeps one MTA, so installing OpenSMTPD (the end-to-end test's) removes
# Postfix or Exim: `make` did that to a host who builds masqued beside
# the Postfix that pipes mail to it. Now `make` installs only what
# building needs, and `make test` stops with a sentence rather than
# replace a mail server someone set up (Exim as Debian installs it, local
# mail only, is replaced, and said; MASQUED_REPLACE_MTA=1 replaces any).
# dpkg-query, dpkg, apt-get and debconf-set-selections are fakes on PATH
# that play a machine with Postfix and no OpenSMTPD; nothing is installed.
. tests/cli/lib.sh
F=$T/bin
mkdir -p $F
: >$T/installed
# every package the real dpkg has, but opensmtpd; and those listed in $T/installed
cat >$F/dpkg-query <<EOS
#!/bin/sh
if [ "\$1" = -W ]; then
	p=\$3
	[ "\$p" = opensmtpd ] && ! grep -qx opensmtpd $T/installed && exit 1
	case \$p in postfix|exim4-daemon-light)
		grep -qx "\$p" $T/installed && { printf 'install ok installed'; exit 0; }
		exit 1 ;;
	esac
fi
exec /usr/bin/dpkg-query "\$@"
EOS
cat >$F/apt-get <<EOS
#!/bin/sh
echo "apt-get \$*" >>$T/apt.log
case " \$* " in *" install "*) echo opensmtpd >>$T/installed ;; esac
EOS
printf '#!/bin/sh\nexit 0\n' >$F/dpkg
printf '#!/bin/sh\ncat >/dev/null\n' >$F/debconf-set-selections
printf '#!/bin/sh\nexit 0\n' >$F/systemctl
chmod +x $F/*
deps() { env -u CI -u MASQUED_REPLACE_MTA PATH="$F:$PATH" "$@"; }

# building, and the unit tests, need no mail server: nothing to do
expect 0 "deps.sh build beside Postfix" -- deps sh scripts/deps.sh build
expect 0 "deps.sh test beside Postfix" -- deps sh scripts/deps.sh test
[ ! -e $T/apt.log ] || fail "apt ran for build or test: $(cat $T/apt.log)"; ok

# all (make test): Postfix stays, and the sentence says why and what to do
echo postfix >>$T/installed
expect 1 "deps.sh all beside Postfix" -- deps sh scripts/deps.sh all
err_has "this machine's mail server is postfix"
err_has "MASQUED_REPLACE_MTA=1 make test"
[ ! -e $T/apt.log ] || fail "apt ran beside Postfix: $(cat $T/apt.log)"; ok

# unless the host says so
expect 0 "deps.sh all, MASQUED_REPLACE_MTA=1" -- \
    deps env MASQUED_REPLACE_MTA=1 sh scripts/deps.sh all
err_has "opensmtpd replaces this machine's mail server, postfix"
grep -q "install --reinstall opensmtpd" $T/apt.log || fail "opensmtpd was not installed: $(cat $T/apt.log)"; ok

# Exim as a fresh Debian has it is replaced, and said; Exim configured for
# the internet is not (the config's word, where deps.sh reads it)
if grep -qs "^dc_eximconfig_configtype='local'" /etc/exim4/update-exim4.conf.conf ||
    [ ! -e /etc/exim4/update-exim4.conf.conf ]; then
	printf 'exim4-daemon-light\n' >$T/installed
	rm -f $T/apt.log
	sed "s|/etc/exim4/update-exim4.conf.conf|$T/exim.conf|" scripts/deps.sh >$T/deps.sh
	echo "dc_eximconfig_configtype='internet'" >$T/exim.conf
	expect 1 "deps.sh all beside Exim for the internet" -- deps sh $T/deps.sh all
	err_has "this machine's mail server is exim4-daemon-light"
	printf 'exim4-daemon-light\n' >$T/installed
	echo "dc_eximconfig_configtype='local'" >$T/exim.conf
	expect 0 "deps.sh all beside Debian's local Exim" -- deps sh $T/deps.sh all
	err_has "opensmtpd replaces this machine's mail server, exim4-daemon-light"
fi
expect 2 "deps.sh with a word it lacks" -- sh scripts/deps.sh everything
err_has "usage: deps.sh [build|test|all]"
done_checks
