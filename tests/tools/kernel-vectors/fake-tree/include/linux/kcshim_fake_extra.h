/* A header the shim does not have: kvgen.py must forward it to the tree's include/. */
#ifndef _KCSHIM_FAKE_EXTRA_H
#define _KCSHIM_FAKE_EXTRA_H
#define FAKE_SHA512_DIGEST_SIZE 64
#endif
