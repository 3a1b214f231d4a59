/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Turn one authenticated request frame into its reply frame.  Pure and
 * synchronous: runs on a bridge worker thread, touches only the endpoint.
 */
#pragma once

#include "afalg/bridge/bridge_server.h"

namespace kcshim::afalg {

/* Is @t a request type this configuration serves? */
bool bridge_allows(const BridgeConfig &cfg, proto::MsgType t);

/*
 * Decode @body as a request of type @hdr.type, run it on @ep and return the
 * complete reply frame (the *_OK message or ERROR, with @hdr.id).  @cfg
 * gives the limits, the per-case allowlist of BATCH, and its time budget
 * (half of request_timeout, so the reply beats the request deadline).
 */
Bytes bridge_dispatch(KernelEndpoint &ep, const BridgeConfig &cfg, const proto::Header &hdr,
		      ByteView body);

/* An ERROR frame. */
Bytes error_frame(std::uint32_t id, int err, Stage stage, std::string what = {});

} /* namespace kcshim::afalg */
