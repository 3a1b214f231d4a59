// SPDX-License-Identifier: GPL-2.0
#include "tools/speed/drivers.h"

#include <algorithm>

#include <kcshim/kcshim.h>

#include "tools/speed/error.h"

namespace kcshim::speed {
namespace {

struct Found {
	std::string driver;
	int priority;
	kcshim_alg_kind kind;
};

struct Query {
	const std::string *name;
	std::vector<Found> found;
};

int collect(const kcshim_alg_info *a, void *arg)
{
	auto *q = static_cast<Query *>(arg);
	if (!a->internal && *q->name == a->name)
		q->found.push_back({a->driver, a->priority, a->kind});
	return 0;
}

std::vector<Found> by_name(const std::string &name)
{
	Query q{&name, {}};
	kcshim_for_each_alg(collect, &q);
	return q.found;
}

// "cbc(cast5)" -> instantiate cbc(<d>) for every driver d of cast5.
void instantiate_over_drivers(const std::string &name)
{
	size_t open = name.find('(');
	if (open == std::string::npos || name.back() != ')')
		return;
	std::string tmpl = name.substr(0, open);
	std::string inner = name.substr(open + 1, name.size() - open - 2);
	for (const Found &f : by_name(inner))
		kcshim_instantiate((tmpl + "(" + f.driver + ")").c_str());
}

}  // namespace

Drivers find_drivers(const std::string &cra_name)
{
	kcshim_init();
	instantiate_over_drivers(cra_name);
	std::vector<Found> found = by_name(cra_name);
	std::erase_if(found, [](const Found &f) { return f.kind == KCSHIM_KIND_CIPHER; });
	if (found.empty())
		throw Error("unknown algorithm: " + cra_name);
	std::stable_sort(found.begin(), found.end(),
			 [](const Found &a, const Found &b) { return a.priority > b.priority; });
	Drivers d{found.front().kind == KCSHIM_KIND_SHASH ? AlgKind::hash : AlgKind::skcipher, {}};
	for (const Found &f : found)
		if (f.kind == found.front().kind)
			d.names.push_back(f.driver);
	return d;
}

namespace {

struct NameQuery {
	const std::string *driver;
	std::string name;
};

int find_name(const kcshim_alg_info *a, void *arg)
{
	auto *q = static_cast<NameQuery *>(arg);
	if (*q->driver != a->driver)
		return 0;
	q->name = a->name;
	return 1;
}

}  // namespace

std::string cra_name_of(const std::string &driver)
{
	kcshim_init();
	NameQuery q{&driver, {}};
	kcshim_for_each_alg(find_name, &q);
	if (q.name.empty() && driver.find('(') != std::string::npos) {
		kcshim_instantiate(driver.c_str());
		kcshim_for_each_alg(find_name, &q);
	}
	if (q.name.empty())
		throw Error("unknown driver: " + driver);
	return q.name;
}

std::string default_baseline(const std::vector<std::string> &drivers)
{
	for (const std::string &d : drivers)
		if (d.find("-generic") != std::string::npos)
			return d;
	return drivers.empty() ? "" : drivers.front();
}

}  // namespace kcshim::speed
