/*
 * cli.h - the masqued command line: one function per command, each in its
 * own file (cmd_*.c), all returning the documented exit codes:
 * 0 success, 1 refused, 2 usage, 3 verification failed, 4 I/O.
 */
#ifndef MQ_CLI_H
#define MQ_CLI_H

#include <stdint.h>

#include "err.h"

/* ingest from an MTA's pipe: the message was not taken now, try again
 * (sysexits.h's EX_TEMPFAIL, which every MTA reads so) */
#define MQ_EXIT_TEMPFAIL	75

struct mq_cli {
	const char *datadir;	/* -C, default ./data */
	const char *config;	/* -c, default DATADIR/masqued.conf */
	const char *prog;
	const char *named;	/* datadir as the host named it (datadir is
				 * made absolute once it exists), for init's
				 * word of it */
};

/* The command now run (main.c): its usage errors say "(see masqued help
 * COMMAND)", those before one "(see masqued --help)". */
void mq_cli_usage_for(const char *command);
/* A usage error: "masqued: SENTENCE (see ...)." on stderr; MQ_USAGE. */
int mq_cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Print err's sentence on stderr and return its code (a usage error's
 * pointing to the command's help, as mq_cli_usage's). */
int mq_cli_report(const struct mq_err *err);
/* An option's bit in *seen: 0 the first time; given twice it is refused
 * (MQ_USAGE, said), since the last would win unseen: which was meant? */
int mq_cli_once(unsigned *seen, unsigned bit, const char *opt);
int mq_cli_parse_hex32(const char *hex, uint8_t out[32]);
int mq_cli_parse_long(const char *s, long lo, long hi, long *out);

int mq_cmd_sim(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_demo(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_init(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_new(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_submit(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_bot(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_view(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_state(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_log(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_replay(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_games(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_export(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_verify(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_verify_receipt(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_serve(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_ingest(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_parse(struct mq_cli *cli, int argc, char **argv);
int mq_cmd_admin(struct mq_cli *cli, int argc, char **argv);
int mq_cli_welcome(struct mq_cli *cli, const char *id, struct mq_err *err);

#endif
