/*
 * usage.h - what masqued says of its commands: every synopsis (--help),
 * and one command's paragraph (help COMMAND, COMMAND --help).
 */
#ifndef MQ_USAGE_H
#define MQ_USAGE_H

#include <stdio.h>

/* "usage: masqued ...", then every command's synopsis, then the exit codes. */
void mq_usage_all(FILE *f);

/* One command's synopsis and what it does; -1 when there is no such
 * command (nothing printed). */
int mq_usage_command(const char *name, FILE *f);

/* A command's arguments (argv[0] the command) ask for its help: --help or
 * -h right after it, or --help last. */
int mq_usage_asked(int argc, char **argv);

#endif
