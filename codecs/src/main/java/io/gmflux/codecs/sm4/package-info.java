/**
 * SM4 (GB/T 32907): the block cipher behind {@link io.gmflux.codecs.sm4.Sm4Engine}, and the modes
 * of operation built on its multi-block entry point.
 */
package io.gmflux.codecs.sm4;
