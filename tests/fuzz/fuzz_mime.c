/*
 * fuzz_mime.c - libFuzzer target for the MIME path: mq_mime_parse on raw
 * bytes, then the reply extractor on its text.
 * The work is in targets.h, shared with tests/unit/test_fuzz_corpus.c;
 * tests/fuzz/run.sh builds and runs this.
 */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return mqfz_mime(data, size);
}
