// SPDX-License-Identifier: GPL-2.0
// Random call sequences over the crypto API, on every registered driver (templates instantiated
// over every cipher): alloc, setkey, init, update, export, import, final, free in any order, as a
// careless caller would make them. The shim must return errors, never crash, and every digest
// must equal the one-shot digest of the data fed since init (or since the state imported); every
// skcipher request, cut into a scatterlist at fuzzed points, must equal the same request in one
// piece and decrypt back; every cipher block must decrypt back.
//
// Input: u8 driver index (modulo the drivers), then operations: u8 opcode, and for those taking
// data a u8 length and that many bytes.
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <crypto/hash.h>
#include <crypto/internal/cipher.h>
#include <crypto/skcipher.h>
#include <kcshim/kcshim.h>
#include <linux/scatterlist.h>

namespace {

struct Driver {
	std::string name;
	kcshim_alg_kind kind;
};

int collect(const struct kcshim_alg_info *info, void *arg)
{
	if (!info->internal && info->selftest != KCSHIM_SELFTEST_FAILED)
		static_cast<std::vector<Driver> *>(arg)->push_back({info->driver, info->kind});
	return 0;
}

const std::vector<Driver> &drivers()
{
	static const std::vector<Driver> list = [] {
		kcshim_set_log_handler([](int, const char *, void *) {}, nullptr);
		kcshim_init();
		std::vector<Driver> ciphers, all;
		kcshim_for_each_alg(collect, &all);
		for (const Driver &d : all)
			if (d.kind == KCSHIM_KIND_CIPHER)
				for (const char *t : {"ecb", "cbc", "ctr"})
					kcshim_instantiate((std::string(t) + "(" + d.name + ")").c_str());
		all.clear();
		kcshim_for_each_alg(collect, &all);
		return all;
	}();
	return list;
}

// The input, read front to back; zeros once it runs out.
struct Reader {
	const std::uint8_t *p, *end;
	bool done() const { return p >= end; }
	std::uint8_t byte() { return p < end ? *p++ : 0; }
	std::vector<std::uint8_t> bytes()
	{
		std::size_t n = std::min<std::size_t>(byte(), end - p);
		std::vector<std::uint8_t> v(p, p + n);
		p += n;
		return v;
	}
};

void shash_sequence(const char *name, Reader &in)
{
	struct crypto_shash *tfm = crypto_alloc_shash(name, 0, 0);
	if (IS_ERR(tfm))
		return;
	const size_t descsize = sizeof(struct shash_desc) + crypto_shash_descsize(tfm);
	std::vector<std::uint8_t> desc_mem(descsize), state(crypto_shash_statesize(tfm));
	auto *desc = reinterpret_cast<struct shash_desc *>(desc_mem.data());
	std::vector<std::uint8_t> fed, exported_fed, key;
	bool inited = false, exported = false, keyed = false;
	while (!in.done()) {
		switch (in.byte() % 6) {
		case 0:	// setkey: the state in flight is undefined after it, as in the kernel
			key = in.bytes();
			keyed = !crypto_shash_setkey(tfm, key.data(), key.size());
			inited = exported = false;
			break;
		case 1:
			desc->tfm = tfm;
			inited = !crypto_shash_init(desc);
			fed.clear();
			break;
		case 2: {
			std::vector<std::uint8_t> d = in.bytes();
			if (inited && !crypto_shash_update(desc, d.data(), d.size()))
				fed.insert(fed.end(), d.begin(), d.end());
			else
				inited = false;
			break;
		}
		case 3:
			if (inited && !crypto_shash_export(desc, state.data())) {
				exported = true;
				exported_fed = fed;
			}
			break;
		case 4:
			if (exported) {
				desc->tfm = tfm;
				inited = !crypto_shash_import(desc, state.data());
				fed = exported_fed;
			}
			break;
		case 5: {
			if (!inited)
				break;
			std::vector<std::uint8_t> got(crypto_shash_digestsize(tfm)), want(got.size());
			if (crypto_shash_final(desc, got.data()))
				abort();
			inited = false;
			std::vector<std::uint8_t> one_mem(descsize);
			auto *one = reinterpret_cast<struct shash_desc *>(one_mem.data());
			one->tfm = tfm;
			if (crypto_shash_digest(one, fed.data(), fed.size(), want.data()) || got != want)
				abort();	// a sequence of calls disagrees with the one-shot digest
			break;
		}
		}
	}
	(void)keyed;
	crypto_free_shash(tfm);
}

void cipher_sequence(const char *name, Reader &in)
{
	struct crypto_cipher *tfm = crypto_alloc_cipher(name, 0, 0);
	if (IS_ERR(tfm))
		return;
	const unsigned int bs = crypto_cipher_blocksize(tfm);
	bool keyed = false;
	while (!in.done()) {
		std::vector<std::uint8_t> d = in.bytes();
		if (in.byte() & 1) {
			keyed = !crypto_cipher_setkey(tfm, d.data(), d.size());
			continue;
		}
		if (!keyed)
			continue;
		d.resize(bs);
		std::vector<std::uint8_t> ct(bs), pt(bs);
		crypto_cipher_encrypt_one(tfm, ct.data(), d.data());
		crypto_cipher_decrypt_one(tfm, pt.data(), ct.data());
		if (pt != d)
			abort();
	}
	crypto_free_cipher(tfm);
}

// One request over data cut at the given points into a scatterlist; 0 or the error.
int skcipher_request(struct crypto_skcipher *tfm, bool enc, std::vector<std::uint8_t> &data,
		     const std::vector<std::uint8_t> &cuts, std::vector<std::uint8_t> iv)
{
	std::vector<struct scatterlist> sg(cuts.size() + 1);
	sg_init_table(sg.data(), sg.size());
	size_t pos = 0;
	for (size_t i = 0; i < sg.size(); i++) {
		size_t end = i < cuts.size() ? std::min(data.size(), pos + cuts[i]) : data.size();
		sg_set_buf(&sg[i], data.data() + pos, end - pos);
		pos = end;
	}
	struct skcipher_request *req = skcipher_request_alloc(tfm, GFP_KERNEL);
	if (!req)
		abort();
	skcipher_request_set_callback(req, 0, nullptr, nullptr);
	skcipher_request_set_crypt(req, sg.data(), sg.data(), data.size(), iv.data());
	int err = enc ? crypto_skcipher_encrypt(req) : crypto_skcipher_decrypt(req);
	skcipher_request_free(req);
	return err;
}

void skcipher_sequence(const char *name, Reader &in)
{
	struct crypto_skcipher *tfm = crypto_alloc_skcipher(name, 0, 0);
	if (IS_ERR(tfm))
		return;
	std::vector<std::uint8_t> iv(crypto_skcipher_ivsize(tfm));
	bool keyed = false;
	while (!in.done()) {
		std::vector<std::uint8_t> d = in.bytes();
		if (in.byte() & 1) {
			bool bad_length = d.size() < crypto_skcipher_min_keysize(tfm) ||
					  d.size() > crypto_skcipher_max_keysize(tfm);
			int err = crypto_skcipher_setkey(tfm, d.data(), d.size());
			/* as crypto/skcipher.c: a length outside [min, max] is refused before the
			 * tfm is touched, so an earlier key stays; any other failure drops it */
			keyed = !err || (keyed && bad_length);
			continue;
		}
		std::vector<std::uint8_t> cuts = in.bytes();
		for (auto &b : iv)
			b = in.byte();
		std::vector<std::uint8_t> whole = d, split = d;
		int e1 = skcipher_request(tfm, true, whole, {}, iv);
		int e2 = skcipher_request(tfm, true, split, cuts, iv);
		if (e1 != e2 || (!keyed && !e1))
			abort();	// split and whole disagree, or it ran without a key
		if (e1)
			continue;
		if (whole != split)
			abort();
		if (skcipher_request(tfm, false, split, cuts, iv) || split != d)
			abort();
	}
	crypto_free_skcipher(tfm);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
	const auto &list = drivers();
	if (size < 1 || list.empty())
		return 0;
	const Driver &d = list[data[0] % list.size()];
	Reader in{data + 1, data + size};
	switch (d.kind) {
	case KCSHIM_KIND_SHASH: shash_sequence(d.name.c_str(), in); break;
	case KCSHIM_KIND_CIPHER: cipher_sequence(d.name.c_str(), in); break;
	case KCSHIM_KIND_SKCIPHER: skcipher_sequence(d.name.c_str(), in); break;
	default: break;
	}
	return 0;
}
