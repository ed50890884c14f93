/*
 * fuzz_submit.c - libFuzzer target for a reply through submit (both games):
 * a typo put right on the next line, the receipt, the log, the rebuild.
 * The work is in targets.h, shared with tests/unit/test_fuzz_corpus.c;
 * tests/fuzz/run.sh builds and runs this.
 */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return mqfz_submit(data, size);
}
