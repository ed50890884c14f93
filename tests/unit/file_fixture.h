/*
 * file_fixture.h - small file helpers for the unit tests (each had its own
 * copy): a small file's bytes, NUL-terminated, and how many names a folder
 * holds, leaving out the dot-names (".", "..", and a Maildir's dot-files).
 */
#ifndef MQ_FILE_FIXTURE_H
#define MQ_FILE_FIXTURE_H

#include <dirent.h>
#include <stdio.h>

/* path's first n - 1 bytes into buf; the count read */
static inline size_t
ff_slurp(const char *path, char *buf, size_t n)
{
	FILE *f = fopen(path, "rb");
	size_t got;

	assert_non_null(f);
	got = fread(buf, 1, n - 1, f);
	buf[got] = '\0';
	fclose(f);
	return got;
}

/* The names in dir/sub (sub NULL: in dir) not starting with a dot. */
static inline int
ff_names(const char *dir, const char *sub)
{
	char p[1024];
	struct dirent *de;
	DIR *d;
	int n = 0;

	snprintf(p, sizeof(p), "%s%s%s", dir, sub ? "/" : "", sub ? sub : "");
	assert_non_null(d = opendir(p));
	while ((de = readdir(d)) != NULL)
		n += de->d_name[0] != '.';
	closedir(d);
	return n;
}

#endif
