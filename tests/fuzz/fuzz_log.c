/*
 * fuzz_log.c - libFuzzer target for the log reader: mq_log_parse_line and
 * mq_logfile_open_read on raw bytes.
 * The work is in targets.h, shared with tests/unit/test_fuzz_corpus.c;
 * tests/fuzz/run.sh builds and runs this.
 */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return mqfz_log(data, size);
}
