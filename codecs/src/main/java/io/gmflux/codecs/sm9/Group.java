package io.gmflux.codecs.sm9;

/**
 * The three groups of the pairing (G1 and G2 written additively in Jacobian coordinates, G_T
 * multiplicatively in the cyclotomic subgroup of F_q12^*) behind one interface, so that the
 * fixed-window and comb exponentiations of {@link GroupExponentiation} exist once.
 *
 * <p>{@link #op} must be branch-free, handle the identity on either side, and need not handle
 * equal arguments (the exponentiation schedules never combine equal non-identity elements).
 */
abstract class Group {

    /** Longs per element. */
    final int size;

    Group(int size) {
        this.size = size;
    }

    abstract void setIdentity(long[] r, int ro);

    /** r = a · b (a + b for the additive groups). r may alias a or b. */
    abstract void op(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w);

    /** r = a · a (2a). r may alias a. */
    abstract void square(long[] r, int ro, long[] a, int ao, Workspace w);

    /** r = a^-1 (-a) if mask == -1, unchanged if mask == 0, without branching on the mask. */
    abstract void negate(long[] r, int ro, long mask, Workspace w);

    static void negateFq2(long[] r, int ro, long mask, Workspace w) {
        Fq2.neg(w.neg, 0, r, ro);
        Fq2.cmov(r, ro, w.neg, 0, mask);
    }

    /** Same as {@link #op} for public values, handling every case (may branch). */
    abstract void opPublic(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w);

    /**
     * Rewrites {@code count} elements at {@code table} into a form {@link #opNormalized} can add
     * faster (affine, Z = 1, for G1); returns false if this group has no such form.
     */
    boolean normalize(long[] table, int count) {
        return false;
    }

    /** r = a · b for b written by {@link #normalize} (the identity allowed on either side). */
    void opNormalized(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
        op(r, ro, a, ao, b, bo, w);
    }

    static final Group G1 = new Group(G1Jacobian.SIZE) {
        @Override
        void setIdentity(long[] r, int ro) {
            java.util.Arrays.fill(r, ro, ro + size, 0L);
            Fq.setOne(r, ro);
            Fq.setOne(r, ro + 4);
        }

        @Override
        void op(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            G1Jacobian.add(r, ro, a, ao, b, bo, w);
        }

        @Override
        void square(long[] r, int ro, long[] a, int ao, Workspace w) {
            G1Jacobian.dbl(r, ro, a, ao, w);
        }

        @Override
        void negate(long[] r, int ro, long mask, Workspace w) {
            Fq.neg(w.neg, 0, r, ro + 4);
            Fq.cmov(r, ro + 4, w.neg, 0, mask);
        }

        @Override
        void opPublic(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            G1Jacobian.addPublic(r, ro, a, ao, b, bo, w);
        }

        /** Batch conversion to affine (Montgomery's trick: one inversion for the whole table). */
        @Override
        boolean normalize(long[] table, int count) {
            long[] prefix = new long[4 * count];
            long[] acc = new long[8];
            Fq.setOne(acc, 0);
            for (int i = 0; i < count; i++) {
                int z = i * size + 8;
                Fq.copy(prefix, 4 * i, acc, 0);
                if (Fq.isZero(table, z) == 0) { // table construction data, public
                    Fq.mul(acc, 0, acc, 0, table, z);
                }
            }
            Fq.inv(acc, 0, acc, 0);
            for (int i = count - 1; i >= 0; i--) {
                int e = i * size;
                if (Fq.isZero(table, e + 8) == 1) {
                    continue;
                }
                Fq.mul(acc, 4, acc, 0, prefix, 4 * i);        // 1/Z_i
                Fq.mul(acc, 0, acc, 0, table, e + 8);         // drop Z_i from the running inverse
                Fq.sqr(prefix, 4 * i, acc, 4);
                Fq.mul(table, e, table, e, prefix, 4 * i);    // x = X / Z^2
                Fq.mul(prefix, 4 * i, prefix, 4 * i, acc, 4);
                Fq.mul(table, e + 4, table, e + 4, prefix, 4 * i); // y = Y / Z^3
                Fq.setOne(table, e + 8);
            }
            return true;
        }

        @Override
        void opNormalized(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            G1Jacobian.addAffine(r, ro, a, ao, b, bo, 1 ^ Fq.isZero(b, bo + 8), w);
        }
    };

    static final Group G2 = new Group(G2Jacobian.SIZE) {
        @Override
        void setIdentity(long[] r, int ro) {
            java.util.Arrays.fill(r, ro, ro + size, 0L);
            Fq.setOne(r, ro);
            Fq.setOne(r, ro + 8);
        }

        @Override
        void op(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            G2Jacobian.add(r, ro, a, ao, b, bo, w);
        }

        @Override
        void square(long[] r, int ro, long[] a, int ao, Workspace w) {
            G2Jacobian.dbl(r, ro, a, ao, w);
        }

        @Override
        void negate(long[] r, int ro, long mask, Workspace w) {
            Fq2.neg(w.neg, 0, r, ro + 8);
            Fq2.cmov(r, ro + 8, w.neg, 0, mask);
        }

        @Override
        void opPublic(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            G2Jacobian.addPublic(r, ro, a, ao, b, bo, w);
        }
    };

    /** G_T: squaring is the Granger-Scott cyclotomic squaring (valid on pairing values only). */
    static final Group GT = new Group(Fq12.SIZE) {
        @Override
        void setIdentity(long[] r, int ro) {
            Fq12.setOne(r, ro);
        }

        @Override
        void op(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            Fq12.mul(r, ro, a, ao, b, bo, w);
        }

        @Override
        void square(long[] r, int ro, long[] a, int ao, Workspace w) {
            Fq12.cyclotomicSqr(r, ro, a, ao, w);
        }

        /** In the cyclotomic subgroup the inverse is the conjugate a^(q^6). */
        @Override
        void negate(long[] r, int ro, long mask, Workspace w) {
            negateFq2(r, ro + 8, mask, w);
            negateFq2(r, ro + 16, mask, w);
            negateFq2(r, ro + 40, mask, w);
        }

        @Override
        void opPublic(long[] r, int ro, long[] a, int ao, long[] b, int bo, Workspace w) {
            Fq12.mul(r, ro, a, ao, b, bo, w);
        }
    };
}
