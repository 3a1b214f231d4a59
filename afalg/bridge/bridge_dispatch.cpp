// SPDX-License-Identifier: GPL-2.0
#include "afalg/bridge/bridge_dispatch.h"

#include <cerrno>
#include <chrono>

namespace kcshim::afalg {

using proto::MsgType;

bool bridge_allows(const BridgeConfig &cfg, MsgType t)
{
	switch (t) {
	case MsgType::list: return cfg.allow_list;
	case MsgType::hash:
	case MsgType::hash_clone: return cfg.allow_hash;
	case MsgType::skcipher: return cfg.allow_skcipher;
	case MsgType::batch: return cfg.allow_batch;
	case MsgType::speed: return cfg.allow_speed;
	default: return false;
	}
}

Bytes error_frame(std::uint32_t id, int err, Stage stage, std::string what)
{
	proto::ErrorMsg m{err, stage, std::move(what)};
	return proto::encode_frame(MsgType::error, id, proto::encode(m));
}

static Bytes reply(std::uint32_t id, const Error &e)
{
	return error_frame(id, e.err, e.stage, e.what);
}

static std::vector<ByteView> views(const std::vector<Bytes> &v)
{
	return std::vector<ByteView>(v.begin(), v.end());
}

static std::optional<ByteView> key_view(const std::optional<Bytes> &k)
{
	if (!k)
		return std::nullopt;
	return ByteView(*k);
}

Bytes bridge_dispatch(KernelEndpoint &ep, const BridgeConfig &cfg, const proto::Header &hdr,
		      ByteView body)
{
	const std::uint32_t id = hdr.id;
	const proto::Limits &lim = cfg.limits;

	switch (hdr.type) {
	case MsgType::list: {
		if (!body.empty())
			return error_frame(id, -EPROTO, Stage::transport, "LIST has no body");
		auto r = ep.list();
		if (!r)
			return reply(id, r.error());
		return proto::encode_frame(MsgType::list_ok, id, proto::encode_list_ok(*r));
	}
	case MsgType::hash: {
		proto::HashReq q;
		if (int e = proto::decode(body, lim, q))
			return error_frame(id, e, Stage::transport, "malformed HASH");
		auto v = views(q.pieces);
		auto r = ep.hash(q.alg, key_view(q.key), v);
		if (!r)
			return reply(id, r.error());
		return proto::encode_frame(MsgType::hash_ok, id, proto::encode_hash_ok(*r));
	}
	case MsgType::hash_clone: {
		proto::HashCloneReq q;
		if (int e = proto::decode(body, lim, q))
			return error_frame(id, e, Stage::transport, "malformed HASH_CLONE");
		auto v = views(q.prefix);
		auto r = ep.hash_clone(q.alg, key_view(q.key), v, q.suffix_a, q.suffix_b);
		if (!r)
			return reply(id, r.error());
		return proto::encode_frame(MsgType::hash_clone_ok, id,
					   proto::encode_hash_clone_ok(*r));
	}
	case MsgType::skcipher: {
		proto::SkcipherReq q;
		if (int e = proto::decode(body, lim, q))
			return error_frame(id, e, Stage::transport, "malformed SKCIPHER");
		auto v = views(q.pieces);
		auto r = ep.skcipher(q.alg, q.encrypt, q.key, q.iv, v);
		if (!r)
			return reply(id, r.error());
		return proto::encode_frame(MsgType::skcipher_ok, id, proto::encode_skcipher_ok(*r));
	}
	case MsgType::batch: {
		BatchRequest q;
		if (int e = proto::decode(body, lim, q))
			return error_frame(id, e, Stage::transport, "malformed BATCH");
		if (q.cases.empty())
			return proto::encode_frame(MsgType::batch_ok, id, proto::encode_batch_ok({}));
		auto until = std::chrono::steady_clock::now() + cfg.request_timeout / 2;
		if (!cfg.allow_hash || !cfg.allow_skcipher) {
			auto r = run_batch(ep, q, until, BatchAllow{cfg.allow_hash, cfg.allow_skcipher});
			return proto::encode_frame(MsgType::batch_ok, id, proto::encode_batch_ok(r));
		}
		/* ep.batch(), so a bridge in front of another bridge forwards whole batches. */
		auto r = ep.batch(q, until);
		if (!r)
			return reply(id, r.error());
		return proto::encode_frame(MsgType::batch_ok, id, proto::encode_batch_ok(*r));
	}
	case MsgType::speed: {
		SpeedRequest q;
		if (int e = proto::decode(body, q))
			return error_frame(id, e, Stage::transport, "malformed SPEED");
		if (!(q.skcipher ? cfg.allow_skcipher : cfg.allow_hash))
			return error_frame(id, -EOPNOTSUPP, Stage::transport,
					   q.skcipher ? "SKCIPHER not allowed" : "HASH not allowed");
		/* Like BATCH: the reply must beat the request deadline. */
		if (std::chrono::milliseconds(q.duration_ms) > cfg.request_timeout / 2)
			return error_frame(id, -EINVAL, Stage::limit,
					   "SPEED duration over half the request deadline");
		auto r = ep.speed(q);
		if (!r)
			return reply(id, r.error());
		return proto::encode_frame(MsgType::speed_ok, id, proto::encode_speed_ok(*r));
	}
	default:
		return error_frame(id, -EOPNOTSUPP, Stage::transport, proto::msg_name(hdr.type));
	}
}

} /* namespace kcshim::afalg */
