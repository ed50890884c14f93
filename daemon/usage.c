/*
 * usage.c - what masqued says of its commands: the synopsis of every one
 * (masqued --help, masqued help) and, for one, what it does, its options
 * and what it prints (masqued help COMMAND, masqued COMMAND --help). One
 * table, so that the two never disagree.
 */
#include <stdio.h>
#include <string.h>

#include "daemon/usage.h"

static const struct {
	const char *name;
	const char *synopsis;	/* after "  " in --help; may run on a line */
	const char *about;	/* the paragraph of help COMMAND */
} usage[] = {
	{ "init", "init",
	  "Makes the data folder (-C DATADIR, ./data unless named): the server's\n"
	  "Ed25519 key and the reply tags' secret (mode 0600), the folders, and a\n"
	  "commented masqued.conf to edit for your mail account. It refuses a folder\n"
	  "that is one already." },
	{ "new", "new KIND --player NAME=EMAIL[:LANG] ... [--seed HEX] "
	  "[--lang en|ja|zh] [--option K=V]",
	  "Starts a game of KIND (redmasque, 4 to 7 players; masquerade, 3 to 5)\n"
	  "and prints its id; each player's welcome mail is queued for serve. A NAME\n"
	  "is 1 to 20 of a-z, 0-9, _ and -. --lang is the game's language (else\n"
	  "masqued.conf's lang, en); :LANG after an address (bob@example.org:zh),\n"
	  "that player's own; each may change theirs with SET LANG;\n"
	  "--seed a 64-digit hex seed (else a random one); --option, any number:\n"
	  "hard=true, sequential_moves=true, resolution_order=ascending_popularity\n"
	  "(redmasque), allow_any_sender=true, deadline=24h, reminder=6h,\n"
	  "policy=wait|default, host_reminder=24h." },
	{ "submit", "submit GAME PLAYER \"COMMAND...\" [--no-mail | --never-mail]",
	  "Enters PLAYER's commands as if they had mailed them (a move phoned in):\n"
	  "all or none; each argument, and each line of one, is a command, as a\n"
	  "line of a mail is. Prints the receipt and queues the mails their reply\n"
	  "would have got; --no-mail queues none now: they wait for the next\n"
	  "serve, or reply, admin or submit to the game, as a move the host\n"
	  "enters is never kept from the players. --never-mail drops them for\n"
	  "good, the players never told of the move until its reveal: only for a\n"
	  "game nobody plays by mail (local play, tests). STATUS or HELP alone\n"
	  "logs nothing: it prints {\"logged\": false, \"owes\": BOOL} and mails\n"
	  "the player their answer (not with --no-mail or --never-mail)." },
	{ "games", "games [--json]",
	  "Every game of the data folder on a line: running, paused or over, its\n"
	  "entries, round and phase, the next deadline and whom it waits for;\n"
	  "a second line when its deadline has passed (under policy wait, the\n"
	  "game waits for the host's admin default, extend or kick).\n"
	  "Below them, a \"Mail in:\" line when the IMAP mailbox cannot be read\n"
	  "(the replies and the deadlines wait), and \"Mail out:\" lines when the\n"
	  "SMTP server or sendmail takes no mail, mails wait for another try, or\n"
	  "dead letters are kept. --json: {\"games\": [...], \"mail_in\": {\"down\"},\n"
	  "\"mail_out\": {\"down\", \"queued\", \"retrying\", \"dead\"}}; \"down\" is\n"
	  "null, {\"since\": UNIX TIME, \"answer\": THE SERVER'S} or {\"damaged\": true}.\n"
	  "A game whose log cannot be read is listed with why (JSON: {\"game\",\n"
	  "\"error\"}), and stderr names it: exit 3 (4: the disk would not give it)." },
	{ "view", "view GAME PLAYER|public|admin [--json]",
	  "What PLAYER sees now, in short: the board and what is theirs alone\n"
	  "(public: what everyone sees; admin: everything, every secret as state\n"
	  "shows it). --json prints the view the mails are made of." },
	{ "state", "state GAME|LOGFILE|EXPORT [--json] [--at SEQ]",
	  "The whole game, every secret included, now or after entry SEQ: for the\n"
	  "host settling a dispute. EXPORT: a game's export file (masqued export),\n"
	  "as a player has it, with no data folder. LOGFILE: a game's log file (a\n"
	  "backup's), under the data folder's key. A log damaged in the middle\n"
	  "(masqued verify names the entry): after SEQ before the damage, exit 0\n"
	  "and a note on stderr; now, or SEQ at the damage or past it, the game\n"
	  "after the last sound entry, and exit 3 with the sentence naming it." },
	{ "log", "log GAME|LOGFILE|EXPORT [--json]",
	  "The game's entries, one per line; --json prints their bodies. A secret\n"
	  "move the seat changed before its reveal ends \"(changed at entry N)\";\n"
	  "a command for another round than the one the game was in when it\n"
	  "was logged says which: \"MOVE stay; PLAY discuss (for 8:20)\", or a\n"
	  "card sent alone during the moves, \"PLAY discuss (for 8:20)\" (replay\n"
	  "alike). LOGFILE, EXPORT: as state. A log damaged in the middle: the\n"
	  "entries before the damage, then exit 3 with the sentence naming the\n"
	  "bad entry." },
	{ "replay", "replay GAME|LOGFILE|EXPORT [--from SEQ] [--to SEQ]",
	  "The game step by step: each entry, then what it set off (moves, cards,\n"
	  "the Red Death's visits, challenges), from entry SEQ to entry SEQ.\n"
	  "LOGFILE, EXPORT: as state. A log damaged in the middle: as far as\n"
	  "--to before the damage, exit 0 and a note on stderr; to it or past it,\n"
	  "the entries before it, then exit 3 with the sentence naming it.\n"
	  "--from or --to past the last entry of a sound log: exit 1, nothing shown." },
	{ "verify", "verify GAME|LOGFILE|EXPORT [--key PUB]",
	  "Checks a game's log: the hash chain, every signature, the canonical form,\n"
	  "every commitment, a replay of every entry, and that no entry the players\n"
	  "were mailed is missing. The data folder's public key is trusted unless\n"
	  "--key names another. An EXPORT (masqued export, as a player gets it)\n"
	  "is replayed with the game data it holds, under --key or else its own\n"
	  "key, which the answer shows. Exit 3 when it fails, with the entry and why." },
	{ "verify-receipt", "verify-receipt FILE [GAME|EXPORT] [--key PUB]",
	  "Checks what a player kept of a mail: the whole mail as their mail\n"
	  "client saved it (.eml), its text, or the receipt's lines alone. The\n"
	  "receipt in it (its hash and the server's signature) and the checkpoint\n"
	  "every mail carries (the signature over its entry's hash); with GAME, also\n"
	  "that the log still holds the receipt's entry byte for byte, and that its\n"
	  "entry of the checkpoint has that hash, then the log whole, as verify:\n"
	  "one damaged or cut after those entries keeps their ok lines, and says\n"
	  "so on stderr. EXPORT: the game's export (masqued export), as a player\n"
	  "has it, with no data folder, checked as GAME's log. The receipt's ok\n"
	  "line names the move its signed body holds (not the mail's readable\n"
	  "lines), and a later move of the seat that changed it before the\n"
	  "reveal. Exit 3 when it fails, or the file holds neither." },
	{ "export", "export GAME",
	  "Prints a game that is over as one JSON document: the log, the game data\n"
	  "and the public key, for verify_export.py (in PREFIX/share/masqued once\n"
	  "installed, tests/ in the source) or any other checker. A game still\n"
	  "going on is refused: its secrets stay sealed until it ends.\n"
	  "A game over whose end entry a crash kept from the log is refused until\n"
	  "serve, as it starts, logs it." },
	{ "serve", "serve [--once]",
	  "The daemon: reads the game mailbox, plays the moves, mails the players,\n"
	  "keeps the deadlines, every poll_interval; --once makes one pass and exits.\n"
	  "Each pass that did anything (every --once pass) ends with a line on\n"
	  "stderr: messages applied, answered, duplicate, dropped, failed;\n"
	  "timeouts, reminders; mails sent, waiting, dead; an idle pass says\n"
	  "nothing. SIGTERM or SIGINT stop it cleanly, and its log says so." },
	{ "ingest", "ingest [FILE|-]",
	  "Plays one RFC 5322 message, from FILE or stdin, as serve would (an MTA's\n"
	  ".forward pipe); its answers are queued and sent. From stdin, a message\n"
	  "it cannot take now exits 75 (EX_TEMPFAIL): the MTA tries again." },
	{ "parse", "parse [FILE|-]",
	  "A dry run of one message: how masqued reads it, as JSON (game, player,\n"
	  "auth, commands, errors, text; a line received already has \"already\":\n"
	  "ENTRY, one that is no command \"note\": true, and \"meant\": the\n"
	  "command in it, as the receipt names it; lang and notices, a SET LANG\n"
	  "or SET NOTICES it carries), changing nothing." },
	{ "admin", "admin GAME ACTION --why \"...\"   every action says why; ACTION "
	  "is one of\n"
	  "             pause|resume|extend DURATION|replace PLAYER EMAIL "
	  "[--lang en|ja|zh]\n"
	  "             [--new-player]|kick PLAYER|rotate-token PLAYER|"
	  "default PLAYER|end",
	  "The host's actions, each logged as an admin entry with who and why:\n"
	  "pause and resume the clock; extend the deadline by DURATION (1m to\n"
	  "366d, e.g. 24h or 90m); replace a player by another address (the\n"
	  "same person's new one; --new-player: another person takes the seat,\n"
	  "welcomed to a game under way, as a kicked seat's replace is); kick a\n"
	  "seat (the deadline's default moves play it); rotate a player's reply\n"
	  "tag; play a seat's default move once; end the game.\n"
	  "Who is mailed the action and its why: every player, a kicked one too,\n"
	  "for pause, resume, extend, kick and end (the end mail); for replace,\n"
	  "the others, the new address (its welcome) and the old one; for\n"
	  "rotate-token, that player alone (the new reply addresses are theirs);\n"
	  "for default, every player still in the game, in the mail of the move.\n"
	  "A default refuses a player whose deadline has not passed (policy wait).\n"
	  "The why is one line of UTF-8 text, as the mails say it." },
	{ "sim", "sim KIND [--games N] [--players P] [--seed HEX] [--bots LIST] "
	  "[--no-check] [--json]",
	  "Plays N games of KIND with bots, checking every invariant after every\n"
	  "step, and prints the games per second, how many broke an invariant,\n"
	  "how many nobody survived (The Red Death) and each seat's wins (--json:\n"
	  "as JSON). --bots is a comma-separated list of random or careful, one\n"
	  "per seat in order; a shorter list repeats (unset: the seats alternate\n"
	  "random and careful). --no-check leaves the invariant checks out (the\n"
	  "games run faster; a bot's move refused still counts as a violation).\n"
	  "Unset, N is 1 and P is 5." },
	{ "bot", "bot GAME PLAYER [--style random|careful]",
	  "Prints the moves a bot would send now for PLAYER, one per line." },
	{ "demo", "demo [redmasque|masquerade]",
	  "Plays a whole game by email on the Maildir transport in a folder under\n"
	  "/tmp, bot players answering the server's mail as real mail clients\n"
	  "would, and tells the story; it ends with masqued verify." },
};

#define NUSAGE (sizeof(usage) / sizeof(usage[0]))

void
mq_usage_all(FILE *f)
{
	size_t i;

	fputs("usage: masqued [-C DATADIR] [-c CONFIG] COMMAND [ARGS]\n"
	    "(DATADIR: ./data, or CONFIG's datadir; CONFIG: DATADIR/masqued.conf)\n"
	    "commands:\n", f);
	for (i = 0; i < NUSAGE; i++)
		fprintf(f, "  %s\n", usage[i].synopsis);
	fputs("masqued help COMMAND, or masqued COMMAND --help: what it does\n"
	    "masqued --version: the commit masqued was built from\n"
	    "exit codes: 0 ok, 1 refused, 2 usage, 3 verification failed, 4 I/O;\n"
	    "ingest from standard input (an MTA's pipe): 75, try again later\n",
	    f);
}

int
mq_usage_command(const char *name, FILE *f)
{
	size_t i;

	for (i = 0; i < NUSAGE; i++)
		if (strcmp(usage[i].name, name) == 0) {
			fprintf(f, "usage: masqued %s\n\n%s\n(-C DATADIR and -c CONFIG, "
			    "when given, go before %s.)\n", usage[i].synopsis,
			    usage[i].about, usage[i].name);
			return 0;
		}
	return -1;
}

int
mq_usage_asked(int argc, char **argv)
{
	/* right after the command, or last: never a --why's or a command's
	 * text in between */
	return argc > 1 && (strcmp(argv[1], "--help") == 0 ||
	    strcmp(argv[1], "-h") == 0 || strcmp(argv[argc - 1], "--help") == 0);
}
