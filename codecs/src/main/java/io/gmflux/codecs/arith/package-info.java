/**
 * Limb arithmetic shared by the public-key packages ({@code sm2}, {@code sm9}): Montgomery
 * multiplication, addition and subtraction modulo any odd 256-bit modulus above 2^255, branch-free
 * and allocation-free; the unsigned 64x64-bit high product behind them and SM2's field
 * ({@code UnsignedProducts}, the one class with a Java 18 version in the multi-release jar). An internal package: public only so that both packages can call it; not part
 * of gmflux's API and free to change.
 */
package io.gmflux.codecs.arith;
