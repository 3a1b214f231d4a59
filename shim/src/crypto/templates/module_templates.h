// SPDX-License-Identifier: GPL-2.0
// The templates modules register (struct crypto_template, crypto_register_template()): the
// second provider of the template registry, next to kcshim's own modes (template.h).
//
// Errors are negative errno values, as at the C ABI.
#pragma once

#include <cstdint>
#include <optional>

#include "shim/src/crypto/templates/attrs.h"

namespace kcshim::templates {

// Runs the create() of the module template named t.name for t's parameters, the lookup's type
// and mask in tb[0]. nullopt when no module registered such a template, else create()'s result.
std::optional<int> create_from_module(const TemplateName &t, uint32_t type, uint32_t mask);

}  // namespace kcshim::templates
