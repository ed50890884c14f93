/*
 * fuzz_kept.c - libFuzzer target for what `verify-receipt` reads of a file
 * a player kept: mq_kept_text, mq_receipt_find, mq_checkpoint_find.
 * The work is in targets.h, shared with tests/unit/test_fuzz_corpus.c;
 * tests/fuzz/run.sh builds and runs this.
 */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return mqfz_kept(data, size);
}
