// SPDX-License-Identifier: GPL-2.0
// Template names and the attribute table: crypto_get_attr_type(), crypto_check_attr_type(),
// crypto_attr_alg_name(), __crypto_inst_setname() (crypto/algapi.c).
#include "shim/src/crypto/templates/attrs.h"

#include <cstdio>
#include <cstring>

#include <crypto/algapi.h>
#include <linux/err.h>

// The netlink attribute header (uapi/linux/rtnetlink.h); the payload follows, aligned to 4.
struct rtattr {
	unsigned short rta_len;
	unsigned short rta_type;
};

namespace kcshim::templates {

namespace {

// crypto/internal.h's attribute types
enum { CRYPTOA_UNSPEC, CRYPTOA_TYPE, CRYPTOA_ALG };

constexpr size_t rta_hdr = (sizeof(struct rtattr) + 3) & ~size_t{3};

void *rta_data(struct rtattr *rta)
{
	return reinterpret_cast<unsigned char *>(rta) + rta_hdr;
}

size_t rta_payload(const struct rtattr *rta)
{
	return rta->rta_len - rta_hdr;
}

std::vector<unsigned char> make_attr(unsigned short type, const void *data, size_t len)
{
	std::vector<unsigned char> a(rta_hdr + len);
	struct rtattr hdr = {static_cast<unsigned short>(rta_hdr + len), type};
	memcpy(a.data(), &hdr, sizeof(hdr));
	memcpy(a.data() + rta_hdr, data, len);
	return a;
}

}  // namespace

std::optional<TemplateName> parse_template_name(std::string_view text)
{
	size_t open = text.find('(');
	if (open == 0 || open == std::string_view::npos || text.back() != ')')
		return std::nullopt;
	TemplateName t{std::string(text.substr(0, open)), {}};
	int depth = 0;
	size_t start = open + 1;
	for (size_t i = open + 1; i < text.size(); i++) {
		char c = text[i];
		if (c == '(') {
			depth++;
		} else if (c == ')' && depth) {
			depth--;
		} else if ((c == ',' || c == ')') && !depth) {
			if (i == start || (c == ')' && i != text.size() - 1))
				return std::nullopt;
			t.params.emplace_back(text.substr(start, i - start));
			start = i + 1;
		}
	}
	if (depth || t.params.empty() || start != text.size())
		return std::nullopt;
	return t;
}

Attrs::Attrs(const TemplateName &t, uint32_t type, uint32_t mask)
{
	struct crypto_attr_type algt = {type, mask};
	storage_.push_back(make_attr(CRYPTOA_TYPE, &algt, sizeof(algt)));
	for (const std::string &p : t.params) {
		struct crypto_attr_alg alga = {};
		snprintf(alga.name, sizeof(alga.name), "%s", p.c_str());
		storage_.push_back(make_attr(CRYPTOA_ALG, &alga, sizeof(alga)));
	}
	for (auto &a : storage_)
		tb_.push_back(reinterpret_cast<struct rtattr *>(a.data()));
	tb_.push_back(nullptr);
}

}  // namespace kcshim::templates

using kcshim::templates::rta_data;
using kcshim::templates::rta_payload;

extern "C" {

struct crypto_attr_type *crypto_get_attr_type(struct rtattr **tb)
{
	struct rtattr *rta = tb[0];

	if (!rta)
		return static_cast<struct crypto_attr_type *>(ERR_PTR(-ENOENT));
	if (rta_payload(rta) < sizeof(struct crypto_attr_type) ||
	    rta->rta_type != kcshim::templates::CRYPTOA_TYPE)
		return static_cast<struct crypto_attr_type *>(ERR_PTR(-EINVAL));
	return static_cast<struct crypto_attr_type *>(rta_data(rta));
}

int crypto_check_attr_type(struct rtattr **tb, u32 type, u32 *mask_ret)
{
	struct crypto_attr_type *algt = crypto_get_attr_type(tb);

	if (IS_ERR(algt))
		return PTR_ERR(algt);
	if ((algt->type ^ type) & algt->mask)
		return -EINVAL;
	*mask_ret = crypto_algt_inherited_mask(algt);
	return 0;
}

const char *crypto_attr_alg_name(struct rtattr *rta)
{
	if (!rta)
		return static_cast<const char *>(ERR_PTR(-ENOENT));
	if (rta_payload(rta) < sizeof(struct crypto_attr_alg) ||
	    rta->rta_type != kcshim::templates::CRYPTOA_ALG)
		return static_cast<const char *>(ERR_PTR(-EINVAL));
	auto *alga = static_cast<struct crypto_attr_alg *>(rta_data(rta));
	alga->name[CRYPTO_MAX_ALG_NAME - 1] = 0;
	return alga->name;
}

int __crypto_inst_setname(struct crypto_instance *inst, const char *name, const char *driver,
			  struct crypto_alg *alg)
{
	if (snprintf(inst->alg.cra_name, CRYPTO_MAX_ALG_NAME, "%s(%s)", name, alg->cra_name) >=
	    CRYPTO_MAX_ALG_NAME)
		return -ENAMETOOLONG;
	if (snprintf(inst->alg.cra_driver_name, CRYPTO_MAX_ALG_NAME, "%s(%s)", driver,
		     alg->cra_driver_name) >= CRYPTO_MAX_ALG_NAME)
		return -ENAMETOOLONG;
	return 0;
}

}  // extern "C"
