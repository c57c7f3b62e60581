/**
 * The known-answer tests behind {@code gmflux selftest}: the standards' vectors embedded in the
 * jar (the repository's {@code vectors.json} and {@code extra-vectors.txt}, each record citing its
 * source), one check per algorithm, and a
 * rough speed probe. Depends on gmflux-codecs only.
 */
package io.gmflux.examples.selftest;
