// SPDX-License-Identifier: GPL-2.0
// kcshim enc|dec ALG --key HEX|--key-file FILE [--iv HEX]: one skcipher request over stdin,
// written to stdout.
#include <cstdio>
#include <memory>
#include <vector>

#include <crypto/aead.h>
#include <crypto/skcipher.h>
#include <kcshim/kcshim.h>

#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "tools/cli/key_options.h"

namespace kcshim::cli::crypt_command {
namespace {

struct SkcipherDeleter {
	void operator()(struct crypto_skcipher *t) const { crypto_free_skcipher(t); }
};

int crypt(const std::string &alg, const KeyOptions &key_options, const std::string &iv_hex,
	  bool enc)
{
	if (!key_options.given())
		return fail((enc ? "enc" : "dec") + std::string(" needs --key HEX or --key-file FILE"),
			    2);
	std::vector<unsigned char> iv;
	if (!parse_hex(iv_hex, iv))
		return fail("--iv is not hex");

	std::unique_ptr<struct crypto_skcipher, SkcipherDeleter> tfm(
		crypto_alloc_skcipher(alg.c_str(), 0, 0));
	if (IS_ERR(tfm.get())) {
		int err = static_cast<int>(PTR_ERR(tfm.release()));
		if (err == -ENOENT && crypto_has_aead(alg.c_str(), 0, 0))
			return fail(alg + " is an AEAD: enc and dec take skciphers");
		return fail(err == -ENOENT ? "unknown algorithm: " + alg
					   : "cannot allocate " + alg + ": " + errno_text(err));
	}
	// read last, so every path after it wipes it
	auto key = read_key(key_options);
	if (!key)
		return 1;
	int err = crypto_skcipher_setkey(tfm.get(), key->data(), static_cast<unsigned>(key->size()));
	memzero_explicit(key->data(), key->size());
	if (err)
		return fail("bad key length " + std::to_string(key->size()) + " for " + alg + ": " +
			    errno_text(err));
	unsigned int ivsize = crypto_skcipher_ivsize(tfm.get());
	if (iv.size() != ivsize)
		return fail(alg + " needs a " + std::to_string(ivsize) + "-byte IV, got " +
			    std::to_string(iv.size()));

	std::vector<unsigned char> data;
	unsigned char buf[65536];
	size_t n;
	while ((n = fread(buf, 1, sizeof(buf), stdin)) > 0)
		data.insert(data.end(), buf, buf + n);
	if (data.size() > 0xffffffffu)
		return fail("input too large");

	struct scatterlist sg;
	sg_init_one(&sg, data.data(), static_cast<unsigned>(data.size()));
	struct skcipher_request *req = skcipher_request_alloc(tfm.get(), GFP_KERNEL);
	if (!req)
		return fail("out of memory");
	skcipher_request_set_callback(req, 0, nullptr, nullptr);
	skcipher_request_set_crypt(req, &sg, &sg, static_cast<unsigned>(data.size()),
				   iv.empty() ? nullptr : iv.data());
	err = enc ? crypto_skcipher_encrypt(req) : crypto_skcipher_decrypt(req);
	skcipher_request_free(req);
	if (err == -EINVAL)
		return fail(alg + " cannot take " + std::to_string(data.size()) +
			    " bytes (not a whole number of blocks?): " + errno_text(err));
	if (err)
		return fail(std::string(enc ? "encryption" : "decryption") + " failed: " +
			    errno_text(err));
	fwrite(data.data(), 1, data.size(), stdout);
	return 0;
}

void add_one(CLI::App &app, std::vector<std::pair<CLI::App *, Command>> &out, bool enc)
{
	auto *sub = app.add_subcommand(enc ? "enc" : "dec",
				       enc ? "Encrypt stdin to stdout" : "Decrypt stdin to stdout");
	auto alg = std::make_shared<std::string>();
	auto key = std::make_shared<KeyOptions>();
	auto iv = std::make_shared<std::string>();
	sub->add_option("alg", *alg, "Algorithm or driver name, e.g. cbc(cast5)")->required();
	add_key_options(sub, *key, true);
	sub->add_option("--iv", *iv, "IV in hex (for modes with an IV)");
	add_arch_options(sub);
	out.emplace_back(sub, [alg, key, iv, enc] { return crypt(*alg, *key, *iv, enc); });
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	add_one(app, out, true);
	add_one(app, out, false);
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::crypt_command
