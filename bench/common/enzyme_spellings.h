/* Compiles a case's ADPass translation unit (cases/<case>_ad.c) with
 * Enzyme's plugin instead: force-included (-include) before the case, it
 * keeps ADPass's header out and spells every ADPass name the cases use the
 * way Enzyme does. The cases use only these names (run.sh checks nothing
 * else: an ADPass name left over is an unresolved symbol at the trial link,
 * and the case is reported as not compiled by Enzyme). */
#ifndef ADPASS_BENCH_ENZYME_SPELLINGS_H
#define ADPASS_BENCH_ENZYME_SPELLINGS_H

#define ADPASS_AD_H /* ADPass's ad.h: not included */

extern int enzyme_dup;
extern int enzyme_dupnoneed;
extern int enzyme_const;
extern int enzyme_out;
double __enzyme_autodiff(void *, ...);

#define ad_dup enzyme_dup
#define ad_dupnoneed enzyme_dupnoneed
#define ad_const enzyme_const
#define ad_out enzyme_out
#define __ad_autodiff __enzyme_autodiff

#endif
