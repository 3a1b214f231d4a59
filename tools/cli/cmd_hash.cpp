// SPDX-License-Identifier: GPL-2.0
// kcshim hash ALG [FILE...]: a digest per file (or stdin), in sha256sum's format.
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

#include <crypto/hash.h>
#include <kcshim/kcshim.h>

#include "tools/cli/arch_options.h"
#include "tools/cli/command.h"
#include "tools/cli/key_options.h"

namespace kcshim::cli::hash_command {
namespace {

struct ShashDeleter {
	void operator()(struct crypto_shash *t) const { crypto_free_shash(t); }
};

// Hashes one stream in 1 MiB updates; 0 or -errno.
int hash_stream(struct crypto_shash *tfm, FILE *f, std::vector<unsigned char> &digest)
{
	size_t size = sizeof(struct shash_desc) + crypto_shash_descsize(tfm);
	std::unique_ptr<void, decltype(&free)> mem(aligned_alloc(64, (size + 63) & ~size_t(63)), free);
	auto *desc = static_cast<struct shash_desc *>(mem.get());
	desc->tfm = tfm;
	int err = crypto_shash_init(desc);
	std::vector<unsigned char> buf(1 << 20);
	size_t n;
	while (!err && (n = fread(buf.data(), 1, buf.size(), f)) > 0)
		err = crypto_shash_update(desc, buf.data(), static_cast<unsigned int>(n));
	if (!err && ferror(f))
		err = -EIO;
	digest.resize(crypto_shash_digestsize(tfm));
	if (!err)
		err = crypto_shash_final(desc, digest.data());
	memzero_explicit(desc, size);
	return err;
}

void add(CLI::App &app, Globals &, std::vector<std::pair<CLI::App *, Command>> &out)
{
	auto *sub = app.add_subcommand("hash", "Print the digest of each FILE (or stdin)");
	auto alg = std::make_shared<std::string>();
	auto files = std::make_shared<std::vector<std::string>>();
	auto key_options = std::make_shared<KeyOptions>();
	sub->add_option("alg", *alg, "Algorithm or driver name, e.g. sha3-256, hmac(sha256)")
		->required();
	sub->add_option("files", *files, "Files to hash; '-' or none for stdin");
	add_key_options(sub, *key_options, false);
	add_arch_options(sub);
	out.emplace_back(sub, [alg, files, key_options] {
		std::unique_ptr<struct crypto_shash, ShashDeleter> tfm(
			crypto_alloc_shash(alg->c_str(), 0, 0));
		if (IS_ERR(tfm.get())) {
			int err = static_cast<int>(PTR_ERR(tfm.release()));
			return fail(err == -ENOENT ? "unknown algorithm: " + *alg
						   : "cannot allocate " + *alg + ": " + errno_text(err));
		}
		if (key_options->given()) {
			auto key = read_key(*key_options);
			if (!key)
				return 1;
			int err = crypto_shash_setkey(tfm.get(), key->data(),
						      static_cast<unsigned>(key->size()));
			memzero_explicit(key->data(), key->size());
			if (err == -ENOSYS)
				return fail(*alg + " takes no key");
			if (err)
				return fail("bad key for " + *alg + ": " + errno_text(err));
		}
		if (files->empty())
			files->push_back("-");
		int status = 0;
		for (const auto &path : *files) {
			FILE *f = path == "-" ? stdin : open_input(path);
			if (!f) {
				status = fail(path + ": " + strerror(errno));
				continue;
			}
			std::vector<unsigned char> digest;
			int err = hash_stream(tfm.get(), f, digest);
			if (f != stdin)
				fclose(f);
			if (err == -ENOKEY)
				return fail(*alg + " needs a key (--key or --key-file)");
			if (err) {
				status = fail(path + ": " + errno_text(err));
				continue;
			}
			printf("%s  %s\n", to_hex(digest.data(), digest.size()).c_str(), path.c_str());
		}
		return status;
	});
}

KCSHIM_COMMAND(add);

}  // namespace
}  // namespace kcshim::cli::hash_command
