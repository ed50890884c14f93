/*
 * keys.c - the server's key files; see keys.h and DESIGN.md "The data
 * folder". Secrets are wiped from the stack once copied out.
 */
#include "keys.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <sodium.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "fileio.h"

static const char *const key_files[] = { "server.key", "server.pub", "tag.key" };

/* DATADIR/FOLDER/NAME, or the folder itself for a NULL name. */
static int
path_in(struct mq_buf *b, const char *datadir, const char *folder,
    const char *name)
{
	mq_buf_reset(b);
	if (name == NULL)
		return mq_buf_printf(b, "%s/%s", datadir, folder);
	return mq_buf_printf(b, "%s/%s/%s", datadir, folder, name);
}

/* In DATADIR/keys; in DATADIR/keys.new, where init makes them
 * (mq_keys_create). */
#define key_path(b, datadir, name)	path_in(b, datadir, "keys", name)
#define new_key_path(b, datadir, name)	path_in(b, datadir, "keys.new", name)

/*
 * Read a whole small file into buf (at most max bytes; *n gets the size,
 * max + 1 meaning "too big"). Sets errno and returns -1 on failure.
 */
static int
read_small(const char *path, unsigned char *buf, size_t max, size_t *n)
{
	unsigned char extra;
	ssize_t r;
	int fd;

	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) == -1)
		return -1;
	*n = 0;
	while (*n < max && (r = read(fd, buf + *n, max - *n)) != 0) {
		if (r == -1) {
			if (errno == EINTR)
				continue;
			close(fd);
			return -1;
		}
		*n += (size_t)r;
	}
	if (*n == max && read(fd, &extra, 1) == 1)
		*n = max + 1;
	close(fd);
	return 0;
}

/* Read a file that must hold exactly n bytes. */
static int
read_exact(const char *path, unsigned char *out, size_t n, struct mq_err *err)
{
	unsigned char buf[64];
	struct stat st;
	size_t got;

	/* a secret key every user of the machine may read is no secret
	 * (any of them could sign entries or forge reply addresses):
	 * refused, as a password file is (config.c) and as ssh refuses */
	if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
	    (st.st_mode & S_IROTH))
		return mq_fail(err, MQ_REFUSED, "The key file %s can be read by "
		    "every user of this machine; make it the masqued user's "
		    "alone: chmod 600 %s.", path, path);
	if (read_small(path, buf, n, &got) == -1) {
		/* init never makes a key again (every log and reply address
		 * hangs on it): the way out is the backup */
		if (errno == ENOENT)
			return mq_fail(err, MQ_IO, "The key file %s is missing from "
			    "the data folder; put it back from a backup.", path);
		return mq_fail_errno(err, MQ_IO, "Cannot read the key file %s",
		    path);
	}
	if (got != n) {
		sodium_memzero(buf, sizeof(buf));
		return mq_fail(err, MQ_IO, "The key file %s does not hold "
		    "exactly %zu bytes.", path, n);
	}
	memcpy(out, buf, n);
	sodium_memzero(buf, sizeof(buf));
	return 0;
}

/* A new key file, made durable by fsync(2) itself, not through durable.h:
 * keys are made once, at init, outside any batch (their folders too). */
static int
write_file(const char *path, const void *data, size_t n, mode_t mode,
    struct mq_err *err)
{
	int fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)) == -1)
		return mq_fail_errno(err, errno == EEXIST ? MQ_REFUSED : MQ_IO,
		    "Cannot create %s", path);
	if (fchmod(fd, mode) == -1)
		goto fail;
	if (mq_write_all(fd, data, n, -1, path, err) != 0) {
		close(fd);
		unlink(path);
		return MQ_IO;
	}
	if (fsync(fd) == -1)
		goto fail;
	if (close(fd) == -1) {
		fd = -1;
		goto fail;
	}
	return 0;
fail:
	mq_fail_errno(err, MQ_IO, "Cannot write %s", path);
	if (fd != -1)
		close(fd);
	unlink(path);
	return MQ_IO;
}

/* Refuse to touch a data folder that already has any key file: said as
 * a data folder already, what a host who runs init twice needs to hear. */
static int
refuse_existing(const char *datadir, struct mq_buf *path, struct mq_err *err)
{
	struct stat st;
	size_t i;

	for (i = 0; i < sizeof(key_files) / sizeof(key_files[0]); i++) {
		if (key_path(path, datadir, key_files[i]))
			return mq_fail(err, MQ_IO, "Out of memory.");
		if (lstat(mq_buf_str(path), &st) == 0)
			return mq_fail(err, MQ_REFUSED, "There is a masqued data "
			    "folder at %s already: %s already exists, and init "
			    "never overwrites a key (masqued -C NEW-FOLDER init "
			    "makes another).", datadir, mq_buf_str(path));
	}
	return 0;
}

/*
 * Whether DATADIR/keys.new is one init made (mq_keys_create): a folder, not
 * a link, holding nothing but regular files named as the key files. 0 when
 * it is not there. -1 when it is something else: a link to someone's key
 * folder, whose keys init would remove, or a folder of other files, which
 * the rename would carry into keys/.
 */
static int
new_folder_state(const char *datadir, struct mq_buf *path)
{
	struct dirent *de;
	struct stat st;
	size_t i;
	int ok = 1;
	DIR *d;

	if (new_key_path(path, datadir, NULL))
		return -1;
	if (lstat(mq_buf_str(path), &st) != 0)
		return errno == ENOENT ? 0 : -1;
	if (!S_ISDIR(st.st_mode) || (d = opendir(mq_buf_str(path))) == NULL)
		return -1;
	while (ok && (de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
			continue;
		for (i = 0; i < sizeof(key_files) / sizeof(key_files[0]); i++)
			if (strcmp(de->d_name, key_files[i]) == 0)
				break;
		ok = i < sizeof(key_files) / sizeof(key_files[0]) &&
		    fstatat(dirfd(d), de->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
		    S_ISREG(st.st_mode);
	}
	closedir(d);
	return ok ? 1 : -1;
}

int
mq_keys_new_left(const char *datadir)
{
	struct mq_buf path = MQ_BUF_INIT;
	int state = new_folder_state(datadir, &path);

	mq_buf_free(&path);
	return state == 1;
}

/* The three key files, in DATADIR/keys.new (emptied first: an init killed
 * there left what it had made, perhaps a key cut short). */
static int
create_files(const char *datadir, struct mq_buf *path, struct mq_keys *k,
    struct mq_err *err)
{
	unsigned char seed[crypto_sign_SEEDBYTES];
	char pub[MQ_LOG_HEXLEN + 2];
	size_t i;
	int rc;

	if (new_folder_state(datadir, path) < 0)
		return mq_fail(err, MQ_REFUSED, "%s is not a folder init made (it "
		    "is a link, or holds other files than keys); move it away, "
		    "then run init again.", mq_buf_str(path));
	for (i = 0; i < sizeof(key_files) / sizeof(key_files[0]); i++) {
		if (new_key_path(path, datadir, key_files[i]))
			return mq_fail(err, MQ_IO, "Out of memory.");
		if (unlink(mq_buf_str(path)) == -1 && errno != ENOENT)
			return mq_fail_errno(err, MQ_IO, "Cannot remove %s",
			    mq_buf_str(path));
	}
	new_key_path(path, datadir, NULL);
	/* 0755 as before: the public key is to be read by anyone, and a
	 * data folder of another user is then told as such (store.c) */
	if ((mkdir(mq_buf_str(path), 0755) == -1 && errno != EEXIST) ||
	    chmod(mq_buf_str(path), 0755) == -1)
		return mq_fail_errno(err, MQ_IO, "Cannot make %s", mq_buf_str(path));
	randombytes_buf(seed, sizeof(seed));
	crypto_sign_seed_keypair(k->pk, k->sk, seed);
	randombytes_buf(k->tag, sizeof(k->tag));
	sodium_bin2hex(pub, sizeof(pub), k->pk, sizeof(k->pk));
	pub[MQ_LOG_HEXLEN] = '\n';

	new_key_path(path, datadir, "server.key");
	rc = write_file(mq_buf_str(path), seed, sizeof(seed), 0600, err);
	sodium_memzero(seed, sizeof(seed));
	if (rc)
		return rc;
	new_key_path(path, datadir, "server.pub");
	MQ_TRY(write_file(mq_buf_str(path), pub, MQ_LOG_HEXLEN + 1, 0644, err));
	new_key_path(path, datadir, "tag.key");
	MQ_TRY(write_file(mq_buf_str(path), k->tag, sizeof(k->tag), 0600, err));
	new_key_path(path, datadir, NULL);
	return mq_dir_sync(mq_buf_str(path), MQ_SYNC_NOW, err);
}

/*
 * The keys are made in DATADIR/keys.new and renamed to DATADIR/keys whole
 * (over an empty one, if it is there), the last thing init does: a data
 * folder with its keys/ is a whole one, and an init killed before that
 * point is run again from the start. Before, a kill left a key file of 0
 * bytes in keys/, which every later init refused to overwrite.
 */
int
mq_keys_create(const char *datadir, struct mq_keys *k, struct mq_err *err)
{
	struct mq_buf path = MQ_BUF_INIT, made = MQ_BUF_INIT;
	struct mq_keys tmp;
	int rc;

	if ((rc = refuse_existing(datadir, &path, err)) != 0)
		goto out;
	if ((rc = create_files(datadir, &path, &tmp, err)) == 0) {
		new_key_path(&made, datadir, NULL);
		key_path(&path, datadir, NULL);
		if (rename(mq_buf_str(&made), mq_buf_str(&path)) == -1)
			rc = mq_fail_errno(err, MQ_IO, "Cannot rename %s to %s",
			    mq_buf_str(&made), mq_buf_str(&path));
		else if ((rc = mq_dir_sync(datadir, MQ_SYNC_NOW, err)) != 0)
			/* keys whose folder's entry may not outlive a crash are
			 * taken back: init failed, and runs again */
			(void)rename(mq_buf_str(&path), mq_buf_str(&made));
	}
	if (rc == 0 && k != NULL)
		*k = tmp;
	mq_keys_wipe(&tmp);
out:
	mq_buf_free(&path);
	mq_buf_free(&made);
	return rc;
}

/* 64 hex digits (either case), then an optional LF, nothing else. */
static int
parse_hex_pub(const unsigned char *s, size_t n, unsigned char pk[MQ_LOG_PKLEN])
{
	char lower[MQ_LOG_HEXLEN];
	size_t i;

	if (n == MQ_LOG_HEXLEN + 1 && s[MQ_LOG_HEXLEN] == '\n')
		n--;
	if (n != MQ_LOG_HEXLEN)
		return -1;
	for (i = 0; i < n; i++)
		lower[i] = (char)tolower(s[i]);
	return mq_log_unhex(lower, n, pk, MQ_LOG_PKLEN);
}

int
mq_keys_load_pub(const char *datadir, unsigned char pk[MQ_LOG_PKLEN],
    struct mq_err *err)
{
	struct mq_buf path = MQ_BUF_INIT;
	unsigned char buf[MQ_LOG_HEXLEN + 1];
	size_t n;
	int rc = 0;

	if (key_path(&path, datadir, "server.pub"))
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	else if (read_small(mq_buf_str(&path), buf, sizeof(buf), &n) == -1)
		rc = mq_fail_errno(err, MQ_IO, "Cannot read the key file %s",
		    mq_buf_str(&path));
	else if (parse_hex_pub(buf, n, pk) != 0)
		rc = mq_fail(err, MQ_IO, "The key file %s does not hold 64 hex "
		    "digits and a newline.", mq_buf_str(&path));
	mq_buf_free(&path);
	return rc;
}

static int
zeroed(const char *path, struct mq_err *err)
{
	return mq_fail(err, MQ_IO, "The key file %s holds only zero bytes: it "
	    "is damaged. Put the keys folder back from a backup, its three "
	    "files together.", path);
}

static int
load_secrets(const char *datadir, struct mq_buf *path, struct mq_keys *k,
    struct mq_err *err)
{
	unsigned char seed[crypto_sign_SEEDBYTES];
	unsigned char pub[MQ_LOG_PKLEN];
	int rc;

	key_path(path, datadir, "server.key");
	if ((rc = read_exact(mq_buf_str(path), seed, sizeof(seed), err)) != 0)
		return rc;
	/* zeroed (a file system's repair, a bad copy): no key masqued made.
	 * A zero tag key made every reply address fail, with nothing said. */
	if (sodium_is_zero(seed, sizeof(seed)))
		return zeroed(mq_buf_str(path), err);
	crypto_sign_seed_keypair(k->pk, k->sk, seed);
	sodium_memzero(seed, sizeof(seed));
	key_path(path, datadir, "tag.key");
	MQ_TRY(read_exact(mq_buf_str(path), k->tag, sizeof(k->tag), err));
	if (sodium_is_zero(k->tag, sizeof(k->tag)))
		return zeroed(mq_buf_str(path), err);
	/* A server.pub that disagrees would make every verify fail later. */
	key_path(path, datadir, "server.pub");
	if (access(mq_buf_str(path), F_OK) == 0) {
		MQ_TRY(mq_keys_load_pub(datadir, pub, err));
		if (memcmp(pub, k->pk, sizeof(pub)) != 0)
			return mq_fail(err, MQ_IO, "The key files server.key and "
			    "%s do not match: one of them is damaged. Put the "
			    "keys folder back from a backup, its three files "
			    "together.", mq_buf_str(path));
	}
	return 0;
}

int
mq_keys_load(const char *datadir, struct mq_keys *k, struct mq_err *err)
{
	struct mq_buf path = MQ_BUF_INIT;
	int rc;

	rc = load_secrets(datadir, &path, k, err);
	if (rc == 0 && path.oom)
		rc = mq_fail(err, MQ_IO, "Out of memory.");
	if (rc)
		mq_keys_wipe(k);
	mq_buf_free(&path);
	return rc;
}

int
mq_keys_parse_pub(const char *arg, unsigned char pk[MQ_LOG_PKLEN],
    struct mq_err *err)
{
	unsigned char buf[MQ_LOG_HEXLEN + 1];
	size_t n;

	if (parse_hex_pub((const unsigned char *)arg, strlen(arg), pk) == 0)
		return 0;
	if (read_small(arg, buf, sizeof(buf), &n) == -1) {
		/* hex digits alone are a key mistyped (usage), anything
		 * else a file's name (I/O): `verify --key abc` exits 2,
		 * as `replay --from abc` does */
		if (errno == ENOENT && arg[strspn(arg, "0123456789abcdefABCDEF")]
		    == '\0')
			return mq_fail(err, MQ_USAGE, "--key %s is not a key: the "
			    "server key is 64 hex digits (this is %zu), or the "
			    "name of a file holding them.",
			    arg, strlen(arg));
		if (errno == ENOENT)
			return mq_fail(err, MQ_IO, "The key file %s does not exist "
			    "(--key takes the server key, 64 hex digits, or the "
			    "name of a file holding it).", arg);
		return mq_fail_errno(err, MQ_IO, "Cannot read the key file %s",
		    arg);
	}
	if (n == MQ_LOG_PKLEN) {
		memcpy(pk, buf, MQ_LOG_PKLEN);
		return 0;
	}
	if (parse_hex_pub(buf, n, pk) == 0)
		return 0;
	/* a key failure, as a data folder's damaged key file is (exit 4) */
	return mq_fail(err, MQ_IO, "The key file %s holds neither 64 hex "
	    "digits nor 32 raw bytes.", arg);
}

void
mq_keys_wipe(struct mq_keys *k)
{
	sodium_memzero(k, sizeof(*k));
}
