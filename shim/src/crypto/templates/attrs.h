// SPDX-License-Identifier: GPL-2.0
// Template names and parameters: "gcm_base(ctr(aes-lib),ghash-lib)" split as the kernel's
// cryptomgr splits it, and the rtattr table (tb) a crypto_template's create() reads.
//
// Errors are negative errno values, as at the C ABI.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct rtattr;

namespace kcshim::templates {

// "name(param,param,...)": the template's name and its parameters, split at the top level.
struct TemplateName {
	std::string name;
	std::vector<std::string> params;
};

// nullopt when text is no template name (no parentheses, unbalanced, an empty part).
std::optional<TemplateName> parse_template_name(std::string_view text);

// tb for create(): tb[0] the type and mask the lookup asked for (crypto_attr_type), tb[i] the
// i-th parameter (crypto_attr_alg), then NULL. Owns the attributes; tb() lives as long as it.
class Attrs {
public:
	Attrs(const TemplateName &t, uint32_t type, uint32_t mask);
	struct rtattr **tb() { return tb_.data(); }

private:
	std::vector<std::vector<unsigned char>> storage_;
	std::vector<struct rtattr *> tb_;
};

}  // namespace kcshim::templates
