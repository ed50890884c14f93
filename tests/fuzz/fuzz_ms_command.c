/*
 * fuzz_ms_command.c - libFuzzer target for The Masquerade's command parser:
 * lines parsed, round-tripped and applied on a clone.
 * The work is in targets.h, shared with tests/unit/test_fuzz_corpus.c;
 * tests/fuzz/run.sh builds and runs this.
 */
#include "targets.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	return mqfz_ms_command(data, size);
}
