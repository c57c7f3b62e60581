package io.gmflux.pipeline.tunnel;

import io.gmflux.codecs.format.Suite;
import io.gmflux.codecs.sm2.Sm2PublicKey;

/**
 * User event fired once the handshake has authenticated the peer and the record layer is keyed.
 * Immutable.
 *
 * @param peerKey the peer's authenticated static public key
 * @param suite the agreed record suite
 * @param rekeyLog2 the agreed key-update interval, 2^rekeyLog2 records (codecs/PROXY.md §7)
 */
public record TunnelHandshakeCompleted(Sm2PublicKey peerKey, Suite suite, int rekeyLog2) {
}
