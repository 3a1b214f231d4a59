// SPDX-License-Identifier: GPL-2.0
// Test vectors as a vectors module hands them over (struct kcshim_vector_source, what
// tools/kernel-vectors builds from a kernel tree's testmgr.h): any suite -- odd lengths, keys
// of any size, expected errors, names of other algorithms -- is read by the self-test manager
// without crashing, whatever the verdict. The vectors are built from the input and the drivers
// of the suite's algorithm are self-tested against them.
//
// Input: u8 algorithm (one of the names below), u8 kind (hash / cipher), then vectors: for each,
// u8 key length, u8 data length, u8 flags, key bytes, data bytes, expected bytes.
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include <kcshim/kcshim.h>
#include <kcshim/testvec.h>

namespace {

const char *const algs[] = {"sha3-256", "sha512", "shake128", "crct10dif", "cast5",
			    "ecb(cast5)", "cbc(cast5)", "ctr(cast5)", "sha384", "nope"};

struct Reader {
	const std::uint8_t *p, *end;
	bool done() const { return p >= end; }
	std::uint8_t byte() { return p < end ? *p++ : 0; }
	// n bytes of input (fewer when it runs out), zero-padded to pad bytes, kept in store
	std::string_view bytes(std::size_t n, std::vector<std::string> &store, std::size_t pad = 0)
	{
		n = std::min<std::size_t>(n, end - p);
		store.emplace_back(reinterpret_cast<const char *>(p), n);
		p += n;
		if (store.back().size() < pad)
			store.back().resize(pad);
		return store.back();
	}
};

void quiet(const kcshim_selftest_result *, void *)
{
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	static bool once = [] {
		kcshim_set_log_handler([](int, const char *, void *) {}, nullptr);
		kcshim_init();
		for (const char *t : {"ecb(cast5)", "cbc(cast5)", "ctr(cast5)"})
			kcshim_instantiate(t);
		return true;
	}();
	(void)once;
	Reader in{data, data + size};
	const char *alg = algs[in.byte() % std::size(algs)];
	bool hash = !(in.byte() & 1);
	std::vector<std::string> store;
	store.reserve(4 * 64);	// no reallocation: pointers into it stay valid
	std::vector<kcshim_hash_vec> hvecs;
	std::vector<kcshim_cipher_vec> cvecs;
	while (!in.done() && hvecs.size() + cvecs.size() < 64) {
		std::uint8_t klen = in.byte(), len = in.byte(), flags = in.byte();
		std::string_view key = in.bytes(klen, store);
		std::string_view msg = in.bytes(len, store);
		// the expected output: as long as the message, or 64 bytes (any digest of ours);
		// padded when the input runs out, as a vectors module's tables always are whole
		std::size_t want_len = hash ? 64 : msg.size();
		std::string_view want = in.bytes(want_len, store, want_len);
		int err = flags & 2 ? -EINVAL : 0;
		const char *k = flags & 1 ? nullptr : key.data();
		unsigned int kl = k ? key.size() : 0;
		if (hash) {
			hvecs.push_back({k, msg.data(), want.data(), unsigned(msg.size()), kl,
					 flags & 4 ? err : 0, flags & 8 ? err : 0});
			continue;
		}
		// an IV is the cipher's ivsize bytes, as in testmgr.h: 16 cover ours
		const char *iv = flags & 16 ? nullptr : in.bytes(16, store, 16).data();
		cvecs.push_back({k, iv, nullptr, msg.data(), want.data(), kl, unsigned(msg.size()),
				 flags & 4 ? err : 0, flags & 8 ? err : 0, bool(flags & 32), false});
	}
	kcshim_vector_suite suite = {alg, nullptr, hash ? KCSHIM_SUITE_HASH : KCSHIM_SUITE_CIPHER,
				     hash ? static_cast<const void *>(hvecs.data()) : cvecs.data(),
				     static_cast<unsigned int>(hash ? hvecs.size() : cvecs.size()),
				     false, false};
	kcshim_vector_source src = {"fuzz", &suite, 1};
	if (kcshim_register_vector_source(&src))
		abort();
	(void)kcshim_selftest(alg, quiet, nullptr);
	kcshim_unregister_vector_source(&src);
	return 0;
}
