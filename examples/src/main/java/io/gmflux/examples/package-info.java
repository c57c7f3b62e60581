/** The gmflux command line, demos and end-to-end tests. May depend on every other module. */
package io.gmflux.examples;
