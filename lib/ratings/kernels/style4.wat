;; The Newton passes of a Bradley–Terry fit with FastChat's four style features (lib/ratings/style-kernel.ts loads
;; this module; scripts/build-kernels.ts compiles it into style4-wasm.ts). Per row i of a board:
;;   z = d[q_i] + x_i·t,  d[q] = alpha·(r_a − r_b) for the row's ordered pair q = a·M + b,
;;   p = 1 / (1 + e^−z),  r = w(p − y),  s = w·p(1 − p).
;; hessian4 adds r and s, s·x_i into the pair's six sums (the caller spreads them over g and H) and keeps the
;; gradient's four feature sums and the feature block's ten in locals; gradient4 adds r alone. Every sum takes its
;; terms in row order, as the JavaScript passes did, so a pass whose probabilities are given returns the same bits.
;; The passes visit only the rows listed by nonzero (those whose weight is not 0), and read each row's probability
;; where the caller put it: given, or computed by probabilities two rows at a time.
;; Memory: the caller lays the arrays out and passes their byte offsets.
(module
  (memory (export "memory") 1)

  ;; e^x for x ≤ 0, clamped at −700 (e^−700 ≈ 1e−304: a row that far out adds nothing). Cody–Waite reduction
  ;; x = k·ln2 + r, |r| ≤ ln2/2, then the degree-13 Taylor polynomial of e^r by Estrin's scheme (its truncation
  ;; error is 4e−18 relative; the shorter dependency chain than Horner's measured 21 against 29 ns a row for the
  ;; whole pass), scaled by 2^k built from its exponent bits. Within 2 ulp of Math.exp (tested).
  (func $expNegative (export "expNegative") (param $x f64) (result f64)
    (local $k f64) (local $r f64) (local $r2 f64) (local $r4 f64)
    (local.set $x (f64.max (local.get $x) (f64.const -700)))
    (local.set $k (f64.nearest (f64.mul (local.get $x) (f64.const 1.4426950408889634))))
    (local.set $r
      (f64.sub
        (f64.sub (local.get $x) (f64.mul (local.get $k) (f64.const 6.93147180369123816490e-01)))
        (f64.mul (local.get $k) (f64.const 1.90821492927058770002e-10))))
    (local.set $r2 (f64.mul (local.get $r) (local.get $r)))
    (local.set $r4 (f64.mul (local.get $r2) (local.get $r2)))
    (f64.mul
      (f64.add
        ;; terms 0–7
        (f64.add
          (f64.add
            (f64.add (f64.const 1) (local.get $r))
            (f64.mul (local.get $r2) (f64.add (f64.const 0.5) (f64.mul (local.get $r) (f64.const 0.16666666666666666)))))
          (f64.mul (local.get $r4)
            (f64.add
              (f64.add (f64.const 0.041666666666666664) (f64.mul (local.get $r) (f64.const 0.008333333333333333)))
              (f64.mul (local.get $r2)
                (f64.add (f64.const 0.001388888888888889) (f64.mul (local.get $r) (f64.const 1.984126984126984e-4)))))))
        ;; terms 8–13
        (f64.mul (f64.mul (local.get $r4) (local.get $r4))
          (f64.add
            (f64.add
              (f64.add (f64.const 2.48015873015873e-5) (f64.mul (local.get $r) (f64.const 2.7557319223985893e-6)))
              (f64.mul (local.get $r2)
                (f64.add (f64.const 2.755731922398589e-7) (f64.mul (local.get $r) (f64.const 2.505210838544172e-8)))))
            (f64.mul (local.get $r4)
              (f64.add (f64.const 2.08767569878681e-9) (f64.mul (local.get $r) (f64.const 1.6059043836821613e-10)))))))
      (f64.reinterpret_i64
        (i64.shl (i64.add (i64.trunc_f64_s (local.get $k)) (i64.const 1023)) (i64.const 52)))))

  ;; P(a beats b) at logit z, without overflow on either side.
  (func $probability (param $z f64) (result f64)
    (local $e f64)
    (local.set $e (call $expNegative (f64.neg (f64.abs (local.get $z)))))
    (f64.div
      (select (f64.const 1) (local.get $e) (f64.ge (local.get $z) (f64.const 0)))
      (f64.add (f64.const 1) (local.get $e))))

  (func $logit (param $d f64) (param $xa i32) (param $t0 f64) (param $t1 f64) (param $t2 f64) (param $t3 f64)
    (result f64)
    (f64.add (f64.add (f64.add (f64.add
      (local.get $d)
      (f64.mul (f64.load offset=0 (local.get $xa)) (local.get $t0)))
      (f64.mul (f64.load offset=8 (local.get $xa)) (local.get $t1)))
      (f64.mul (f64.load offset=16 (local.get $xa)) (local.get $t2)))
      (f64.mul (f64.load offset=24 (local.get $xa)) (local.get $t3))))

  ;; Each listed row's P(a beats b) at theta into pOff (by row), two rows at a time in a vector's lanes. Each lane
  ;; takes $logit's, $expNegative's and $probability's operations in their order (k, at most 1010 in size, is exact
  ;; as an i32), so the bits are theirs; the exp, most of a row's arithmetic, costs two rows what it cost one. The
  ;; exp is written out here rather than called: a bootstrap round of 200k battles took 8.0–8.1 ms so, against
  ;; 9.0–9.7 with a call a pair of rows (alternating runs, this 2-core machine).
  (func (export "probabilities")
    (param $count i32) (param $idxOff i32) (param $qOff i32) (param $xOff i32) (param $dOff i32) (param $pOff i32)
    (param $t0 f64) (param $t1 f64) (param $t2 f64) (param $t3 f64)
    (local $k i32) (local $i i32) (local $j i32) (local $xi i32) (local $xj i32)
    (local $z v128) (local $e v128)
    ;; the exp's argument, k, reduced argument and its square and fourth power
    (local $ex v128) (local $ek v128) (local $er v128) (local $er2 v128) (local $er4 v128)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (i32.add (local.get $k) (i32.const 1)) (local.get $count)))
        (local.set $i (i32.load (i32.add (local.get $idxOff) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $j (i32.load offset=4 (i32.add (local.get $idxOff) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $xi (i32.add (local.get $xOff) (i32.shl (local.get $i) (i32.const 5))))
        (local.set $xj (i32.add (local.get $xOff) (i32.shl (local.get $j) (i32.const 5))))
        (local.set $z
          (f64x2.add (f64x2.add (f64x2.add (f64x2.add
            ;; the pairs' logit parts d[q_i], d[q_j]
            (f64x2.replace_lane 1
              (f64x2.splat (f64.load (i32.add (local.get $dOff)
                (i32.shl (i32.load (i32.add (local.get $qOff) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 3)))))
              (f64.load (i32.add (local.get $dOff)
                (i32.shl (i32.load (i32.add (local.get $qOff) (i32.shl (local.get $j) (i32.const 2)))) (i32.const 3)))))
            (f64x2.mul
              (f64x2.replace_lane 1 (f64x2.splat (f64.load offset=0 (local.get $xi)))
                (f64.load offset=0 (local.get $xj)))
              (f64x2.splat (local.get $t0))))
            (f64x2.mul
              (f64x2.replace_lane 1 (f64x2.splat (f64.load offset=8 (local.get $xi)))
                (f64.load offset=8 (local.get $xj)))
              (f64x2.splat (local.get $t1))))
            (f64x2.mul
              (f64x2.replace_lane 1 (f64x2.splat (f64.load offset=16 (local.get $xi)))
                (f64.load offset=16 (local.get $xj)))
              (f64x2.splat (local.get $t2))))
            (f64x2.mul
              (f64x2.replace_lane 1 (f64x2.splat (f64.load offset=24 (local.get $xi)))
                (f64.load offset=24 (local.get $xj)))
              (f64x2.splat (local.get $t3)))))
        (local.set $ex (f64x2.neg (f64x2.abs (local.get $z))))
        (local.set $ex (f64x2.max (local.get $ex) (v128.const f64x2 -700 -700)))
        (local.set $ek (f64x2.nearest (f64x2.mul (local.get $ex)
              (v128.const f64x2 1.4426950408889634 1.4426950408889634))))
        (local.set $er
          (f64x2.sub
            (f64x2.sub (local.get $ex) (f64x2.mul (local.get $ek)
                (v128.const f64x2 6.93147180369123816490e-01 6.93147180369123816490e-01)))
            (f64x2.mul (local.get $ek) (v128.const f64x2 1.90821492927058770002e-10 1.90821492927058770002e-10))))
        (local.set $er2 (f64x2.mul (local.get $er) (local.get $er)))
        (local.set $er4 (f64x2.mul (local.get $er2) (local.get $er2)))
        ;; e = e^ex as $expNegative computes it, lane by lane
        (local.set $e
          (f64x2.mul
            (f64x2.add
              ;; terms 0–7
              (f64x2.add
                (f64x2.add
                  (f64x2.add (v128.const f64x2 1 1) (local.get $er))
                  (f64x2.mul (local.get $er2) (f64x2.add (v128.const f64x2 0.5 0.5) (f64x2.mul (local.get $er)
                        (v128.const f64x2 0.16666666666666666 0.16666666666666666)))))
                (f64x2.mul (local.get $er4)
                  (f64x2.add
                    (f64x2.add (v128.const f64x2 0.041666666666666664 0.041666666666666664) (f64x2.mul (local.get $er)
                        (v128.const f64x2 0.008333333333333333 0.008333333333333333)))
                    (f64x2.mul (local.get $er2)
                      (f64x2.add (v128.const f64x2 0.001388888888888889 0.001388888888888889) (f64x2.mul (local.get $er)
                          (v128.const f64x2 1.984126984126984e-4 1.984126984126984e-4)))))))
              ;; terms 8–13
              (f64x2.mul (f64x2.mul (local.get $er4) (local.get $er4))
                (f64x2.add
                  (f64x2.add
                    (f64x2.add (v128.const f64x2 2.48015873015873e-5 2.48015873015873e-5) (f64x2.mul (local.get $er)
                        (v128.const f64x2 2.7557319223985893e-6 2.7557319223985893e-6)))
                    (f64x2.mul (local.get $er2)
                      (f64x2.add (v128.const f64x2 2.755731922398589e-7 2.755731922398589e-7) (f64x2.mul (local.get $er)
                          (v128.const f64x2 2.505210838544172e-8 2.505210838544172e-8)))))
                  (f64x2.mul (local.get $er4)
                    (f64x2.add (v128.const f64x2 2.08767569878681e-9 2.08767569878681e-9) (f64x2.mul (local.get $er)
                        (v128.const f64x2 1.6059043836821613e-10 1.6059043836821613e-10)))))))
            (i64x2.shl
              (i64x2.add
                (i64x2.extend_low_i32x4_s (i32x4.trunc_sat_f64x2_s_zero (local.get $ek)))
                (v128.const i64x2 1023 1023))
              (i32.const 52))))
        (local.set $z
          (f64x2.div
            (v128.bitselect (v128.const f64x2 1 1) (local.get $e) (f64x2.ge (local.get $z) (v128.const f64x2 0 0)))
            (f64x2.add (v128.const f64x2 1 1) (local.get $e))))
        (f64.store (i32.add (local.get $pOff) (i32.shl (local.get $i) (i32.const 3)))
          (f64x2.extract_lane 0 (local.get $z)))
        (f64.store (i32.add (local.get $pOff) (i32.shl (local.get $j) (i32.const 3)))
          (f64x2.extract_lane 1 (local.get $z)))
        (local.set $k (i32.add (local.get $k) (i32.const 2)))
        (br $next)))
    ;; an odd count's last row
    (if (i32.lt_u (local.get $k) (local.get $count))
      (then
        (local.set $i (i32.load (i32.add (local.get $idxOff) (i32.shl (local.get $k) (i32.const 2)))))
        (f64.store (i32.add (local.get $pOff) (i32.shl (local.get $i) (i32.const 3)))
          (call $probability
            (call $logit
              (f64.load (i32.add (local.get $dOff)
                (i32.shl (i32.load (i32.add (local.get $qOff) (i32.shl (local.get $i) (i32.const 2)))) (i32.const 3))))
              (i32.add (local.get $xOff) (i32.shl (local.get $i) (i32.const 5)))
              (local.get $t0) (local.get $t1) (local.get $t2) (local.get $t3)))))))

  ;; The rows whose weight is not 0, in row order: their indices at idxOff, their number returned. Written without
  ;; a branch (every row's index is stored, and kept by counting it when its weight is not 0), so that the passes,
  ;; which then visit these rows alone, mispredict nothing on a resample's weights, a third of them 0 at random.
  (func (export "nonzero") (param $rows i32) (param $wOff i32) (param $idxOff i32) (result i32)
    (local $i i32) (local $n i32)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $rows)))
        (i32.store (i32.add (local.get $idxOff) (i32.shl (local.get $n) (i32.const 2))) (local.get $i))
        (local.set $n (i32.add (local.get $n)
          (f64.ne (f64.load (i32.add (local.get $wOff) (i32.shl (local.get $i) (i32.const 3)))) (f64.const 0))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $next)))
    (local.get $n))

  ;; Each listed row's p is read at pOff (the rows' probabilities at theta).
  ;; out: g0..g3, then h00 h10 h11 h20 h21 h22 h30 h31 h32 h33.
  (func (export "hessian4")
    (param $count i32) (param $idxOff i32)
    (param $qOff i32) (param $xOff i32) (param $yOff i32) (param $wOff i32) (param $pOff i32)
    (param $pairsOff i32) (param $outOff i32)
    (local $k i32) (local $i i32) (local $w f64) (local $q i32) (local $xa i32)
    (local $x0 f64) (local $x1 f64) (local $x2 f64) (local $x3 f64)
    (local $p f64) (local $r f64) (local $s f64)
    (local $s0 f64) (local $s1 f64) (local $s2 f64) (local $s3 f64)
    (local $g0 f64) (local $g1 f64) (local $g2 f64) (local $g3 f64)
    (local $h00 f64) (local $h10 f64) (local $h11 f64) (local $h20 f64) (local $h21 f64) (local $h22 f64)
    (local $h30 f64) (local $h31 f64) (local $h32 f64) (local $h33 f64)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $i (i32.load (i32.add (local.get $idxOff) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $w (f64.load (i32.add (local.get $wOff) (i32.shl (local.get $i) (i32.const 3)))))
        (local.set $q (i32.load (i32.add (local.get $qOff) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $xa (i32.add (local.get $xOff) (i32.shl (local.get $i) (i32.const 5))))
        (local.set $x0 (f64.load offset=0 (local.get $xa)))
        (local.set $x1 (f64.load offset=8 (local.get $xa)))
        (local.set $x2 (f64.load offset=16 (local.get $xa)))
        (local.set $x3 (f64.load offset=24 (local.get $xa)))
        (local.set $p (f64.load (i32.add (local.get $pOff) (i32.shl (local.get $i) (i32.const 3)))))
        (local.set $r (f64.mul (local.get $w) (f64.sub (local.get $p)
          (f64.load (i32.add (local.get $yOff) (i32.shl (local.get $i) (i32.const 3)))))))
        (local.set $s (f64.mul (f64.mul (local.get $w) (local.get $p)) (f64.sub (f64.const 1) (local.get $p))))
        (local.set $q (i32.add (local.get $pairsOff) (i32.mul (local.get $q) (i32.const 48))))
        (f64.store offset=0 (local.get $q) (f64.add (f64.load offset=0 (local.get $q)) (local.get $r)))
        (f64.store offset=8 (local.get $q) (f64.add (f64.load offset=8 (local.get $q)) (local.get $s)))
        (local.set $s0 (f64.mul (local.get $s) (local.get $x0)))
        (local.set $s1 (f64.mul (local.get $s) (local.get $x1)))
        (local.set $s2 (f64.mul (local.get $s) (local.get $x2)))
        (local.set $s3 (f64.mul (local.get $s) (local.get $x3)))
        (f64.store offset=16 (local.get $q) (f64.add (f64.load offset=16 (local.get $q)) (local.get $s0)))
        (f64.store offset=24 (local.get $q) (f64.add (f64.load offset=24 (local.get $q)) (local.get $s1)))
        (f64.store offset=32 (local.get $q) (f64.add (f64.load offset=32 (local.get $q)) (local.get $s2)))
        (f64.store offset=40 (local.get $q) (f64.add (f64.load offset=40 (local.get $q)) (local.get $s3)))
        (local.set $g0 (f64.add (local.get $g0) (f64.mul (local.get $r) (local.get $x0))))
        (local.set $g1 (f64.add (local.get $g1) (f64.mul (local.get $r) (local.get $x1))))
        (local.set $g2 (f64.add (local.get $g2) (f64.mul (local.get $r) (local.get $x2))))
        (local.set $g3 (f64.add (local.get $g3) (f64.mul (local.get $r) (local.get $x3))))
        (local.set $h00 (f64.add (local.get $h00) (f64.mul (local.get $s0) (local.get $x0))))
        (local.set $h10 (f64.add (local.get $h10) (f64.mul (local.get $s1) (local.get $x0))))
        (local.set $h11 (f64.add (local.get $h11) (f64.mul (local.get $s1) (local.get $x1))))
        (local.set $h20 (f64.add (local.get $h20) (f64.mul (local.get $s2) (local.get $x0))))
        (local.set $h21 (f64.add (local.get $h21) (f64.mul (local.get $s2) (local.get $x1))))
        (local.set $h22 (f64.add (local.get $h22) (f64.mul (local.get $s2) (local.get $x2))))
        (local.set $h30 (f64.add (local.get $h30) (f64.mul (local.get $s3) (local.get $x0))))
        (local.set $h31 (f64.add (local.get $h31) (f64.mul (local.get $s3) (local.get $x1))))
        (local.set $h32 (f64.add (local.get $h32) (f64.mul (local.get $s3) (local.get $x2))))
        (local.set $h33 (f64.add (local.get $h33) (f64.mul (local.get $s3) (local.get $x3))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    (f64.store offset=0 (local.get $outOff) (local.get $g0))
    (f64.store offset=8 (local.get $outOff) (local.get $g1))
    (f64.store offset=16 (local.get $outOff) (local.get $g2))
    (f64.store offset=24 (local.get $outOff) (local.get $g3))
    (f64.store offset=32 (local.get $outOff) (local.get $h00))
    (f64.store offset=40 (local.get $outOff) (local.get $h10))
    (f64.store offset=48 (local.get $outOff) (local.get $h11))
    (f64.store offset=56 (local.get $outOff) (local.get $h20))
    (f64.store offset=64 (local.get $outOff) (local.get $h21))
    (f64.store offset=72 (local.get $outOff) (local.get $h22))
    (f64.store offset=80 (local.get $outOff) (local.get $h30))
    (f64.store offset=88 (local.get $outOff) (local.get $h31))
    (f64.store offset=96 (local.get $outOff) (local.get $h32))
    (f64.store offset=104 (local.get $outOff) (local.get $h33)))

  ;; The gradient alone: r into the first of each pair's six sums, the four feature sums into out.
  (func (export "gradient4")
    (param $count i32) (param $idxOff i32)
    (param $qOff i32) (param $xOff i32) (param $yOff i32) (param $wOff i32) (param $pOff i32)
    (param $pairsOff i32) (param $outOff i32)
    (local $k i32) (local $i i32) (local $w f64) (local $q i32) (local $xa i32) (local $r f64)
    (local $g0 f64) (local $g1 f64) (local $g2 f64) (local $g3 f64)
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $k) (local.get $count)))
        (local.set $i (i32.load (i32.add (local.get $idxOff) (i32.shl (local.get $k) (i32.const 2)))))
        (local.set $w (f64.load (i32.add (local.get $wOff) (i32.shl (local.get $i) (i32.const 3)))))
        (local.set $q (i32.load (i32.add (local.get $qOff) (i32.shl (local.get $i) (i32.const 2)))))
        (local.set $xa (i32.add (local.get $xOff) (i32.shl (local.get $i) (i32.const 5))))
        (local.set $r (f64.mul (local.get $w) (f64.sub
          (f64.load (i32.add (local.get $pOff) (i32.shl (local.get $i) (i32.const 3))))
          (f64.load (i32.add (local.get $yOff) (i32.shl (local.get $i) (i32.const 3)))))))
        (local.set $q (i32.add (local.get $pairsOff) (i32.mul (local.get $q) (i32.const 48))))
        (f64.store (local.get $q) (f64.add (f64.load (local.get $q)) (local.get $r)))
        (local.set $g0 (f64.add (local.get $g0) (f64.mul (local.get $r) (f64.load offset=0 (local.get $xa)))))
        (local.set $g1 (f64.add (local.get $g1) (f64.mul (local.get $r) (f64.load offset=8 (local.get $xa)))))
        (local.set $g2 (f64.add (local.get $g2) (f64.mul (local.get $r) (f64.load offset=16 (local.get $xa)))))
        (local.set $g3 (f64.add (local.get $g3) (f64.mul (local.get $r) (f64.load offset=24 (local.get $xa)))))
        (local.set $k (i32.add (local.get $k) (i32.const 1)))
        (br $next)))
    (f64.store offset=0 (local.get $outOff) (local.get $g0))
    (f64.store offset=8 (local.get $outOff) (local.get $g1))
    (f64.store offset=16 (local.get $outOff) (local.get $g2))
    (f64.store offset=24 (local.get $outOff) (local.get $g3)))
)
