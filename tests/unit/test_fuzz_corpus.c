/*
 * test_fuzz_corpus.c - replay every saved fuzz input under ASan+UBSan.
 *
 * The libFuzzer targets run only under `make fuzz`; this feeds each file of
 * tests/fuzz/corpus/<target>/ (the seeds and every crash the fuzzer once
 * found, saved as a regression) through the same entry points
 * (tests/fuzz/targets.h), so a fixed crash stays fixed in `make test`. A
 * broken promise aborts inside the entry point, naming the file first.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../fuzz/targets.h"

typedef int (*target_fn)(const uint8_t *, size_t);

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Run fn on every regular file of tests/fuzz/corpus/name; how many. */
static int
replay(const char *name, target_fn fn)
{
	const char *root = getenv("MQ_ROOT");
	char dir[4200], path[8400], **names = NULL;
	struct dirent *de;
	size_t n = 0, cap = 0, i, len;
	uint8_t *buf;
	FILE *f;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s%stests/fuzz/corpus/%s", root ? root : "",
	    root ? "/" : "", name);
	if ((d = opendir(dir)) == NULL)
		fail_msg("cannot open %s", dir);
	while ((de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if (n == cap) {
			cap = cap ? 2 * cap : 16;
			names = realloc(names, cap * sizeof(*names));
			assert_non_null(names);
		}
		names[n] = strdup(de->d_name);
		assert_non_null(names[n]);
		n++;
	}
	closedir(d);
	qsort(names, n, sizeof(*names), cmp_str);	/* the same order each run */
	for (i = 0; i < n; i++) {
		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		if ((f = fopen(path, "rb")) == NULL)
			fail_msg("cannot open %s", path);
		assert_int_equal(fseek(f, 0, SEEK_END), 0);
		len = (size_t)ftell(f);
		rewind(f);
		buf = malloc(len ? len : 1);	/* exactly len: ASan sees overreads */
		assert_non_null(buf);
		assert_int_equal(fread(buf, 1, len, f), len);
		fclose(f);
		fprintf(stderr, "%s/%s\n", name, names[i]);
		assert_int_equal(fn(buf, len), 0);
		free(buf);
		free(names[i]);
	}
	free(names);
	return (int)n;
}

static void
test_mime_corpus(void **state)
{
	assert_true(replay("mime", mqfz_mime) >= 5);
}

static void
test_reply_corpus(void **state)
{
	assert_true(replay("reply", mqfz_reply) >= 5);
}

static void
test_refusal_corpus(void **state)
{
	assert_true(replay("refusal", mqfz_refusal) >= 5);
	mq_refusals_free(mqfz_refusals);
	mqfz_refusals = NULL;
}

static void
test_command_corpus(void **state)
{
	assert_true(replay("command", mqfz_command) >= 5);
	mqfz_rm_free();
}

static void
test_ms_command_corpus(void **state)
{
	assert_true(replay("ms_command", mqfz_ms_command) >= 10);
	mqfz_ms_free();
}

/* A store of a process gone (killed: its atexit never ran) is removed
 * when the submit target starts; a live process's stays. Run before the
 * submit corpus, which starts the target. */
static void
test_submit_sweeps_stores_of_processes_gone(void **state)
{
	char dead[600], live[600], file[700];
	const char *tmp;
	struct stat sb;
	pid_t gone, alive;
	int fd[2], left, kept;
	FILE *f;

	(void)state;
	/* where mqfz_sub_init makes its store */
	tmp = stat("/dev/shm", &sb) == 0 && S_ISDIR(sb.st_mode) &&
	    access("/dev/shm", W_OK) == 0 ? "/dev/shm" : getenv("TMPDIR");
	if (tmp == NULL)
		tmp = "/tmp";
	assert_false(mqfz_sub_ready);
	if ((gone = fork()) == 0)
		_exit(0);
	assert_true(gone > 0);
	assert_int_equal(waitpid(gone, NULL, 0), gone);
	assert_int_equal(pipe(fd), 0);
	if ((alive = fork()) == 0) {	/* lives till the pipe closes */
		char c;

		close(fd[1]);
		while (read(fd[0], &c, 1) > 0)
			;
		_exit(0);
	}
	assert_true(alive > 0);
	close(fd[0]);
	snprintf(dead, sizeof(dead), "%s/mqfz-submit.%d", tmp, (int)gone);
	snprintf(live, sizeof(live), "%s/mqfz-submit.%d", tmp, (int)alive);
	snprintf(file, sizeof(file), "%s/left", dead);
	assert_int_equal(mkdir(dead, 0700), 0);
	assert_int_equal(mkdir(live, 0700), 0);
	assert_non_null(f = fopen(file, "w"));
	fclose(f);

	mqfz_sub_init();
	left = lstat(dead, &sb) == 0;
	kept = lstat(live, &sb) == 0;
	mqfz_sub_rm(dead);	/* tidy first: a failure leaves no folder */
	rmdir(live);
	close(fd[1]);
	assert_int_equal(waitpid(alive, NULL, 0), alive);
	if (left)
		fail_msg("%s left: its process is gone", dead);
	if (!kept)
		fail_msg("%s removed: its process lives", live);
}

/* A multi-line reply through submit, on a stored game the bots drove
 * (targets_submit.h): typos put right on the next line among them. */
static void
test_submit_corpus(void **state)
{
	assert_true(replay("submit", mqfz_submit) >= 20);
}

static void
test_kept_corpus(void **state)
{
	assert_true(replay("kept", mqfz_kept) >= 3);
}

static void
test_log_corpus(void **state)
{
	assert_true(replay("log", mqfz_log) >= 3);
}

/* The log seeds are signed by the fuzz key, so the reader's deep checks
 * run: the whole seed game must verify under it. */
static void
test_log_seed_is_signed_by_the_fuzz_key(void **state)
{
	unsigned char pk[MQ_LOG_PKLEN], sk[MQ_LOG_SKLEN];
	const char *root = getenv("MQ_ROOT");
	char path[4200];
	struct mq_err err;
	uint64_t n = 0;

	assert_true(sodium_init() >= 0);
	mqfz_key(pk, sk);
	snprintf(path, sizeof(path), "%s%stests/fuzz/corpus/log/game_short",
	    root ? root : "", root ? "/" : "");
	if (mq_logfile_verify(path, pk, &n, &err) != 0)
		fail_msg("%s", err.msg);
	assert_true(n >= 10);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mime_corpus),
		cmocka_unit_test(test_reply_corpus),
		cmocka_unit_test(test_refusal_corpus),
		cmocka_unit_test(test_command_corpus),
		cmocka_unit_test(test_ms_command_corpus),
		cmocka_unit_test(test_submit_sweeps_stores_of_processes_gone),
		cmocka_unit_test(test_submit_corpus),
		cmocka_unit_test(test_log_corpus),
		cmocka_unit_test(test_kept_corpus),
		cmocka_unit_test(test_log_seed_is_signed_by_the_fuzz_key),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
