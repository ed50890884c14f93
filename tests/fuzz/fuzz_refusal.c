/*
 * fuzz_refusal.c - libFuzzer target for the refusal translator:
 * mq_refusals_translate on a sentence of arbitrary (UTF-8) text.
 * The work is in targets.h, shared with tests/unit/test_fuzz_corpus.c;
 * tests/fuzz/run.sh builds and runs this.
 */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return mqfz_refusal(data, size);
}
