/*
 * fuzz_reply.c - libFuzzer target for the reply extractor:
 * mq_reply_extract on raw bytes.
 * The work is in targets.h, shared with tests/unit/test_fuzz_corpus.c;
 * tests/fuzz/run.sh builds and runs this.
 */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return mqfz_reply(data, size);
}
