/* ADPass runtime: the mirrors of MPI calls.
 *
 * The MPI rules (plugin/Transform/Parallel/MpiDerivatives.cpp) call one of
 * these per differentiated MPI call, with the call's own operands and the
 * shadows of its buffers (NULL when a buffer has none: it then sends zeros
 * and drops what it receives, so that every message still has its match).
 *
 *   reverse sweep            the adjoint moves against the data: a send
 *                            receives its buffer's adjoint and adds it, a
 *                            receive sends its adjoint and zeroes it, a
 *                            broadcast reduces to the root, a sum reduction
 *                            broadcasts from it, a gather scatters.
 *   tangent (forward mode)   the tangent moves with the data: the same call
 *                            on the shadows (MAX and MIN: the tangent of the
 *                            rank that holds the extremum).
 *
 * Non-blocking calls keep a record per request: the forward sweep files it
 * when the call is posted and finds it again when the request is waited
 * for; the reverse sweep posts the mirrored call where the wait was and
 * completes it where the post was.
 *
 * Built against MPICH's mpi.h: handles are ints, the program's own MPI
 * library serves these calls. */
#include <mpi.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void ad_mpi_fail(const char *what) {
  fprintf(stderr, "ADPass: %s\n", what);
  fflush(stderr);
  MPI_Abort(MPI_COMM_WORLD, 1);
  abort();
}

static size_t ad_mpi_bytes(int count, MPI_Datatype type) {
  int size = 0;
  MPI_Type_size(type, &size);
  return (size_t)(count > 0 ? count : 0) * (size_t)size;
}

/* Scratch of count elements, zeroed. */
static void *ad_mpi_scratch(int count, MPI_Datatype type) {
  void *p = calloc(1, ad_mpi_bytes(count, type) + 1);
  if (!p)
    ad_mpi_fail("out of memory in an MPI derivative");
  return p;
}

/* dst[i] += src[i]. */
static void ad_mpi_add(void *dst, const void *src, int count,
                       MPI_Datatype type) {
  if (!dst)
    return;
  if (type == MPI_DOUBLE) {
    double *d = dst;
    const double *s = src;
    for (int i = 0; i < count; ++i)
      d[i] += s[i];
  } else if (type == MPI_FLOAT) {
    float *d = dst;
    const float *s = src;
    for (int i = 0; i < count; ++i)
      d[i] += s[i];
  } else {
    ad_mpi_fail("an MPI derivative met a datatype other than MPI_DOUBLE "
                "and MPI_FLOAT");
  }
}

static void ad_mpi_zero(void *p, int count, MPI_Datatype type) {
  if (p && p != MPI_IN_PLACE)
    memset(p, 0, ad_mpi_bytes(count, type));
}

/* Where to receive into: the shadow itself, or scratch (\p owned) whose
 * contents are dropped when there is none. */
static void *ad_mpi_incoming(void *d, int count, MPI_Datatype type,
                             void **owned) {
  *owned = NULL;
  if (d)
    return d;
  *owned = ad_mpi_scratch(count, type);
  return *owned;
}

/* A shadow to send: the shadow itself, or zeros when there is none. */
static const void *ad_mpi_outgoing(const void *d, int count, MPI_Datatype type,
                                   void **owned) {
  return ad_mpi_incoming((void *)d, count, type, owned);
}

static void ad_mpi_check_matching(int source, int tag, const char *call) {
  char msg[200];
  if (source == MPI_ANY_SOURCE || tag == MPI_ANY_TAG) {
    snprintf(msg, sizeof msg,
             "the derivative of %s needs the sender and tag the receive "
             "matched; MPI_ANY_SOURCE and MPI_ANY_TAG are not supported, "
             "name them",
             call);
    ad_mpi_fail(msg);
  }
}

static int ad_mpi_rank(MPI_Comm comm) {
  int r = 0;
  MPI_Comm_rank(comm, &r);
  return r;
}

static int ad_mpi_size(MPI_Comm comm) {
  int s = 1;
  MPI_Comm_size(comm, &s);
  return s;
}

/* ---- Point to point, blocking ----------------------------------------- */

void __ad_mpi_send_reverse(void *dbuf, int count, MPI_Datatype type, int dest,
                           int tag, MPI_Comm comm) {
  if (dest == MPI_PROC_NULL)
    return;
  void *tmp = ad_mpi_scratch(count, type);
  MPI_Recv(tmp, count, type, dest, tag, comm, MPI_STATUS_IGNORE);
  ad_mpi_add(dbuf, tmp, count, type);
  free(tmp);
}

void __ad_mpi_recv_reverse(void *dbuf, int count, MPI_Datatype type, int source,
                           int tag, MPI_Comm comm) {
  if (source == MPI_PROC_NULL)
    return;
  ad_mpi_check_matching(source, tag, "MPI_Recv");
  void *owned;
  const void *out = ad_mpi_outgoing(dbuf, count, type, &owned);
  MPI_Send(out, count, type, source, tag, comm);
  ad_mpi_zero(dbuf, count, type);
  free(owned);
}

void __ad_mpi_sendrecv_reverse(void *dsend, int count, MPI_Datatype type,
                               int dest, int tag, void *drecv, int rcount,
                               MPI_Datatype rtype, int source, int rtag,
                               MPI_Comm comm) {
  if (source != MPI_PROC_NULL)
    ad_mpi_check_matching(source, rtag, "MPI_Sendrecv");
  void *owned;
  const void *out = ad_mpi_outgoing(drecv, rcount, rtype, &owned);
  void *in = ad_mpi_scratch(count, type);
  MPI_Sendrecv(out, rcount, rtype, source, rtag, in, count, type, dest, tag,
               comm, MPI_STATUS_IGNORE);
  if (source != MPI_PROC_NULL)
    ad_mpi_zero(drecv, rcount, rtype);
  ad_mpi_add(dsend, in, count, type);
  free(in);
  free(owned);
}

void __ad_mpi_send_tangent(const void *buf, const void *dbuf, int count,
                           MPI_Datatype type, int dest, int tag,
                           MPI_Comm comm) {
  (void)buf;
  void *owned;
  const void *out = ad_mpi_outgoing(dbuf, count, type, &owned);
  MPI_Send(out, count, type, dest, tag, comm);
  free(owned);
}

void __ad_mpi_recv_tangent(void *buf, void *dbuf, int count, MPI_Datatype type,
                           int source, int tag, MPI_Comm comm) {
  (void)buf;
  if (source != MPI_PROC_NULL)
    ad_mpi_check_matching(source, tag, "MPI_Recv");
  void *owned;
  void *in = ad_mpi_incoming(dbuf, count, type, &owned);
  MPI_Recv(in, count, type, source, tag, comm, MPI_STATUS_IGNORE);
  free(owned);
}

void __ad_mpi_sendrecv_tangent(const void *sbuf, const void *dsend, int count,
                               MPI_Datatype type, int dest, int tag, void *rbuf,
                               void *drecv, int rcount, MPI_Datatype rtype,
                               int source, int rtag, MPI_Comm comm) {
  (void)sbuf;
  (void)rbuf;
  if (source != MPI_PROC_NULL)
    ad_mpi_check_matching(source, rtag, "MPI_Sendrecv");
  void *owned;
  const void *out = ad_mpi_outgoing(dsend, count, type, &owned);
  void *sink;
  void *in = ad_mpi_incoming(drecv, rcount, rtype, &sink);
  MPI_Sendrecv(out, count, type, dest, tag, in, rcount, rtype, source, rtag,
               comm, MPI_STATUS_IGNORE);
  free(sink);
  free(owned);
}

/* ---- Point to point, non-blocking ------------------------------------- */

enum { AD_MPI_SEND, AD_MPI_RECV, AD_MPI_TANGENT };

struct ad_mpi_record {
  int kind;
  void *dbuf;
  int count;
  MPI_Datatype type;
  int peer, tag;
  MPI_Comm comm;
  MPI_Request key;      /* the program's request, while it is pending */
  MPI_Request mirrored; /* the adjoint's (or the tangent's) request */
  void *scratch;
  struct ad_mpi_record *next;
};

static struct ad_mpi_record *ad_mpi_pending;
static pthread_mutex_t ad_mpi_lock = PTHREAD_MUTEX_INITIALIZER;

static struct ad_mpi_record *ad_mpi_file(int kind, void *dbuf, int count,
                                         MPI_Datatype type, int peer, int tag,
                                         MPI_Comm comm, MPI_Request key) {
  struct ad_mpi_record *r = calloc(1, sizeof *r);
  if (!r)
    ad_mpi_fail("out of memory in an MPI derivative");
  *r = (struct ad_mpi_record){
      kind, dbuf, count, type, peer, tag, comm, key, MPI_REQUEST_NULL,
      NULL, NULL};
  pthread_mutex_lock(&ad_mpi_lock);
  r->next = ad_mpi_pending;
  ad_mpi_pending = r;
  pthread_mutex_unlock(&ad_mpi_lock);
  return r;
}

/* The record of pending request \p key, taken off the list (NULL: a request
 * that carries no derivative). */
static struct ad_mpi_record *ad_mpi_find(MPI_Request key) {
  if (key == MPI_REQUEST_NULL)
    return NULL;
  pthread_mutex_lock(&ad_mpi_lock);
  struct ad_mpi_record **p = &ad_mpi_pending;
  while (*p && (*p)->key != key)
    p = &(*p)->next;
  struct ad_mpi_record *r = *p;
  if (r)
    *p = r->next;
  pthread_mutex_unlock(&ad_mpi_lock);
  return r;
}

void *__ad_mpi_isend_record(const void *buf, void *dbuf, int count,
                            MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                            MPI_Request *req) {
  (void)buf;
  return ad_mpi_file(AD_MPI_SEND, dbuf, count, type, dest, tag, comm, *req);
}

void *__ad_mpi_irecv_record(void *buf, void *dbuf, int count, MPI_Datatype type,
                            int source, int tag, MPI_Comm comm,
                            MPI_Request *req) {
  (void)buf;
  if (source != MPI_PROC_NULL)
    ad_mpi_check_matching(source, tag, "MPI_Irecv");
  return ad_mpi_file(AD_MPI_RECV, dbuf, count, type, source, tag, comm, *req);
}

void *__ad_mpi_wait_record(MPI_Request *req) { return ad_mpi_find(*req); }

void *__ad_mpi_waitall_record(int n, MPI_Request *reqs) {
  struct ad_mpi_record **recs =
      calloc((size_t)(n > 0 ? n : 0) + 1, sizeof *recs);
  if (!recs)
    ad_mpi_fail("out of memory in an MPI derivative");
  for (int i = 0; i < n; ++i)
    recs[i] = ad_mpi_find(reqs[i]);
  return recs;
}

/* Where the wait was: post the mirror of the call it completed. */
void __ad_mpi_wait_reverse(void *record) {
  struct ad_mpi_record *r = record;
  if (!r || r->peer == MPI_PROC_NULL)
    return;
  r->scratch = ad_mpi_scratch(r->count, r->type);
  if (r->kind == AD_MPI_SEND) {
    MPI_Irecv(r->scratch, r->count, r->type, r->peer, r->tag, r->comm,
              &r->mirrored);
    return;
  }
  if (r->dbuf)
    memcpy(r->scratch, r->dbuf, ad_mpi_bytes(r->count, r->type));
  ad_mpi_zero(r->dbuf, r->count, r->type);
  MPI_Isend(r->scratch, r->count, r->type, r->peer, r->tag, r->comm,
            &r->mirrored);
}

void __ad_mpi_waitall_reverse(int n, void *records) {
  struct ad_mpi_record **recs = records;
  for (int i = n - 1; i >= 0; --i)
    __ad_mpi_wait_reverse(recs[i]);
  free(recs);
}

/* Where the post was: complete the mirror and forget the record. */
static void ad_mpi_complete(struct ad_mpi_record *r) {
  if (!r)
    return;
  MPI_Wait(&r->mirrored, MPI_STATUS_IGNORE);
  if (r->kind == AD_MPI_SEND && r->scratch)
    ad_mpi_add(r->dbuf, r->scratch, r->count, r->type);
  free(r->scratch);
  free(r);
}

void __ad_mpi_isend_reverse(void *dbuf, int count, MPI_Datatype type, int dest,
                            int tag, MPI_Comm comm, void *record) {
  (void)dbuf, (void)count, (void)type, (void)dest, (void)tag, (void)comm;
  ad_mpi_complete(record);
}

void __ad_mpi_irecv_reverse(void *dbuf, int count, MPI_Datatype type,
                            int source, int tag, MPI_Comm comm, void *record) {
  (void)dbuf, (void)count, (void)type, (void)source, (void)tag, (void)comm;
  ad_mpi_complete(record);
}

static void ad_mpi_post_tangent(int send, const void *dbuf, int count,
                                MPI_Datatype type, int peer, int tag,
                                MPI_Comm comm, MPI_Request *req) {
  struct ad_mpi_record *r =
      ad_mpi_file(AD_MPI_TANGENT, NULL, count, type, peer, tag, comm, *req);
  void *data = (void *)dbuf;
  if (!data)
    data = r->scratch = ad_mpi_scratch(count, type);
  if (send)
    MPI_Isend(data, count, type, peer, tag, comm, &r->mirrored);
  else
    MPI_Irecv(data, count, type, peer, tag, comm, &r->mirrored);
}

void __ad_mpi_isend_tangent(const void *buf, const void *dbuf, int count,
                            MPI_Datatype type, int dest, int tag, MPI_Comm comm,
                            MPI_Request *req) {
  (void)buf;
  ad_mpi_post_tangent(1, dbuf, count, type, dest, tag, comm, req);
}

void __ad_mpi_irecv_tangent(void *buf, void *dbuf, int count, MPI_Datatype type,
                            int source, int tag, MPI_Comm comm,
                            MPI_Request *req) {
  (void)buf;
  if (source != MPI_PROC_NULL)
    ad_mpi_check_matching(source, tag, "MPI_Irecv");
  ad_mpi_post_tangent(0, dbuf, count, type, source, tag, comm, req);
}

void __ad_mpi_wait_tangent(MPI_Request *req) {
  struct ad_mpi_record *r = ad_mpi_find(*req);
  if (!r)
    return;
  MPI_Wait(&r->mirrored, MPI_STATUS_IGNORE);
  free(r->scratch);
  free(r);
}

void __ad_mpi_waitall_tangent(int n, MPI_Request *reqs) {
  for (int i = 0; i < n; ++i)
    __ad_mpi_wait_tangent(&reqs[i]);
}

/* ---- Collectives -------------------------------------------------------- */

void __ad_mpi_bcast_reverse(void *dbuf, int count, MPI_Datatype type, int root,
                            MPI_Comm comm) {
  int rank = ad_mpi_rank(comm);
  void *owned;
  const void *out = ad_mpi_outgoing(dbuf, count, type, &owned);
  void *sum = rank == root ? ad_mpi_scratch(count, type) : NULL;
  MPI_Reduce(out, sum, count, type, MPI_SUM, root, comm);
  if (rank == root && dbuf)
    memcpy(dbuf, sum, ad_mpi_bytes(count, type));
  else
    ad_mpi_zero(dbuf, count, type);
  free(sum);
  free(owned);
}

void __ad_mpi_bcast_tangent(void *buf, void *dbuf, int count, MPI_Datatype type,
                            int root, MPI_Comm comm) {
  (void)buf;
  void *sink;
  MPI_Bcast(ad_mpi_incoming(dbuf, count, type, &sink), count, type, root, comm);
  free(sink);
}

/* MAX and MIN: which elements of this rank's \p x the reduction took (the
 * lowest rank holding the extremum), as 0/1 flags. */
static char *ad_mpi_owned(const void *x, int count, MPI_Datatype type,
                          MPI_Op op, MPI_Comm comm) {
  int rank = ad_mpi_rank(comm), size = ad_mpi_size(comm);
  void *y = ad_mpi_scratch(count, type);
  MPI_Allreduce(x, y, count, type, op, comm);
  int *who = malloc(sizeof(int) * (size_t)(count > 0 ? count : 1));
  for (int i = 0; i < count; ++i) {
    int same = type == MPI_DOUBLE ? ((const double *)x)[i] == ((double *)y)[i]
                                  : ((const float *)x)[i] == ((float *)y)[i];
    who[i] = same ? rank : size;
  }
  MPI_Allreduce(MPI_IN_PLACE, who, count, MPI_INT, MPI_MIN, comm);
  char *mine = malloc((size_t)(count > 0 ? count : 1));
  for (int i = 0; i < count; ++i)
    mine[i] = who[i] == rank;
  free(who);
  free(y);
  return mine;
}

/* v[i] = 0 where this rank did not hold the extremum. */
static void ad_mpi_mask(void *v, const char *mine, int count,
                        MPI_Datatype type) {
  for (int i = 0; i < count; ++i)
    if (!mine[i]) {
      if (type == MPI_DOUBLE)
        ((double *)v)[i] = 0;
      else
        ((float *)v)[i] = 0;
    }
}

static void ad_mpi_check_op(MPI_Op op, const char *call) {
  if (op == MPI_SUM || op == MPI_MAX || op == MPI_MIN)
    return;
  char msg[160];
  snprintf(msg, sizeof msg,
           "the derivative of %s supports MPI_SUM, MPI_MAX and MPI_MIN only",
           call);
  ad_mpi_fail(msg);
}

/* Forward sweep: what the adjoint of a MAX or MIN reduction needs, the
 * values this rank contributed (NULL for a sum). */
static void *ad_mpi_keep_values(const void *sbuf, const void *rbuf, int count,
                                MPI_Datatype type, MPI_Op op) {
  if (op == MPI_SUM)
    return NULL;
  const void *x = sbuf == MPI_IN_PLACE ? rbuf : sbuf;
  void *copy = ad_mpi_scratch(count, type);
  memcpy(copy, x, ad_mpi_bytes(count, type));
  return copy;
}

void *__ad_mpi_reduce_record(const void *sbuf, void *dsend, void *rbuf,
                             void *drecv, int count, MPI_Datatype type,
                             MPI_Op op, int root, MPI_Comm comm) {
  (void)dsend, (void)drecv, (void)comm;
  ad_mpi_check_op(op, "MPI_Reduce");
  int in_place = sbuf == MPI_IN_PLACE && ad_mpi_rank(comm) == root;
  return ad_mpi_keep_values(in_place ? MPI_IN_PLACE : sbuf, rbuf, count, type,
                            op);
}

void *__ad_mpi_allreduce_record(const void *sbuf, void *dsend, void *rbuf,
                                void *drecv, int count, MPI_Datatype type,
                                MPI_Op op, MPI_Comm comm) {
  (void)dsend, (void)drecv, (void)comm;
  ad_mpi_check_op(op, "MPI_Allreduce");
  return ad_mpi_keep_values(sbuf, rbuf, count, type, op);
}

/* This rank's share of the result's adjoint \p dy (all of it for a sum). */
static void ad_mpi_share(void *dy, const void *kept, int count,
                         MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  if (op == MPI_SUM)
    return;
  char *mine = ad_mpi_owned(kept, count, type, op, comm);
  ad_mpi_mask(dy, mine, count, type);
  free(mine);
}

void __ad_mpi_reduce_reverse(void *dsend, void *drecv, int count,
                             MPI_Datatype type, MPI_Op op, int root,
                             MPI_Comm comm, void *kept) {
  int rank = ad_mpi_rank(comm);
  void *dy = ad_mpi_scratch(count, type);
  if (rank == root && drecv)
    memcpy(dy, drecv, ad_mpi_bytes(count, type));
  MPI_Bcast(dy, count, type, root, comm);
  ad_mpi_share(dy, kept, count, type, op, comm);
  if (rank == root)
    ad_mpi_zero(drecv, count, type);
  ad_mpi_add(dsend == MPI_IN_PLACE ? drecv : dsend, dy, count, type);
  free(dy);
  free(kept);
}

void __ad_mpi_allreduce_reverse(void *dsend, void *drecv, int count,
                                MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                                void *kept) {
  void *owned;
  const void *out = ad_mpi_outgoing(drecv, count, type, &owned);
  void *dy = ad_mpi_scratch(count, type);
  MPI_Allreduce(out, dy, count, type, MPI_SUM, comm);
  ad_mpi_share(dy, kept, count, type, op, comm);
  ad_mpi_zero(drecv, count, type);
  ad_mpi_add(dsend == MPI_IN_PLACE ? drecv : dsend, dy, count, type);
  free(dy);
  free(owned);
  free(kept);
}

/* The tangents run before the reduction: the values it reduces are still
 * there (in place, too). This rank's share of the result's tangent. */
static void *ad_mpi_contribution(const void *sbuf, const void *dsend,
                                 const void *rbuf, const void *drecv, int count,
                                 MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  int in_place = sbuf == MPI_IN_PLACE;
  const void *x = in_place ? rbuf : sbuf;
  const void *dx = in_place ? drecv : dsend;
  void *c = ad_mpi_scratch(count, type);
  if (dx)
    memcpy(c, dx, ad_mpi_bytes(count, type));
  ad_mpi_share(c, x, count, type, op, comm);
  return c;
}

void __ad_mpi_reduce_tangent(const void *sbuf, const void *dsend, void *rbuf,
                             void *drecv, int count, MPI_Datatype type,
                             MPI_Op op, int root, MPI_Comm comm) {
  ad_mpi_check_op(op, "MPI_Reduce");
  void *c =
      ad_mpi_contribution(sbuf, dsend, rbuf, drecv, count, type, op, comm);
  void *sink = NULL, *out = NULL;
  if (ad_mpi_rank(comm) == root)
    out = ad_mpi_incoming(drecv, count, type, &sink);
  MPI_Reduce(c, out, count, type, MPI_SUM, root, comm);
  free(sink);
  free(c);
}

void __ad_mpi_allreduce_tangent(const void *sbuf, const void *dsend, void *rbuf,
                                void *drecv, int count, MPI_Datatype type,
                                MPI_Op op, MPI_Comm comm) {
  ad_mpi_check_op(op, "MPI_Allreduce");
  void *c =
      ad_mpi_contribution(sbuf, dsend, rbuf, drecv, count, type, op, comm);
  void *sink;
  MPI_Allreduce(c, ad_mpi_incoming(drecv, count, type, &sink), count, type,
                MPI_SUM, comm);
  free(sink);
  free(c);
}

void __ad_mpi_gather_reverse(void *dsend, int count, MPI_Datatype type,
                             void *drecv, int rcount, MPI_Datatype rtype,
                             int root, MPI_Comm comm) {
  int rank = ad_mpi_rank(comm), size = ad_mpi_size(comm);
  void *owned = NULL;
  const void *out = NULL;
  if (rank == root)
    out = ad_mpi_outgoing(drecv, rcount * size, rtype, &owned);
  if (dsend == MPI_IN_PLACE) {
    /* The root's own block stays where it is. */
    MPI_Scatter(out, rcount, rtype, MPI_IN_PLACE, count, type, root, comm);
    if (drecv) {
      size_t block = ad_mpi_bytes(rcount, rtype);
      for (int r = 0; r < size; ++r)
        if (r != rank)
          memset((char *)drecv + block * r, 0, block);
    }
    free(owned);
    return;
  }
  void *in = ad_mpi_scratch(count, type);
  MPI_Scatter(out, rcount, rtype, in, count, type, root, comm);
  ad_mpi_add(dsend, in, count, type);
  if (rank == root)
    ad_mpi_zero(drecv, rcount * size, rtype);
  free(in);
  free(owned);
}

void __ad_mpi_scatter_reverse(void *dsend, int count, MPI_Datatype type,
                              void *drecv, int rcount, MPI_Datatype rtype,
                              int root, MPI_Comm comm) {
  int rank = ad_mpi_rank(comm), size = ad_mpi_size(comm);
  void *all = rank == root ? ad_mpi_scratch(count * size, type) : NULL;
  if (drecv == MPI_IN_PLACE) {
    MPI_Gather(MPI_IN_PLACE, rcount, rtype, all, count, type, root, comm);
  } else {
    void *owned;
    const void *out = ad_mpi_outgoing(drecv, rcount, rtype, &owned);
    MPI_Gather(out, rcount, rtype, all, count, type, root, comm);
    ad_mpi_zero(drecv, rcount, rtype);
    free(owned);
  }
  if (rank == root)
    ad_mpi_add(dsend, all, count * size, type);
  free(all);
}

void __ad_mpi_allgather_reverse(void *dsend, int count, MPI_Datatype type,
                                void *drecv, int rcount, MPI_Datatype rtype,
                                MPI_Comm comm) {
  int rank = ad_mpi_rank(comm), size = ad_mpi_size(comm);
  void *owned;
  const void *out = ad_mpi_outgoing(drecv, rcount * size, rtype, &owned);
  void *sum = ad_mpi_scratch(rcount * size, rtype);
  MPI_Allreduce(out, sum, rcount * size, rtype, MPI_SUM, comm);
  char *mine = (char *)sum + ad_mpi_bytes(rcount, rtype) * rank;
  ad_mpi_zero(drecv, rcount * size, rtype);
  if (dsend == MPI_IN_PLACE)
    ad_mpi_add(drecv ? (char *)drecv + ad_mpi_bytes(rcount, rtype) * rank
                     : NULL,
               mine, rcount, rtype);
  else
    ad_mpi_add(dsend, mine, count, type);
  free(sum);
  free(owned);
}

void __ad_mpi_gather_tangent(const void *sbuf, const void *dsend, int count,
                             MPI_Datatype type, void *rbuf, void *drecv,
                             int rcount, MPI_Datatype rtype, int root,
                             MPI_Comm comm) {
  (void)sbuf, (void)rbuf;
  int rank = ad_mpi_rank(comm), size = ad_mpi_size(comm);
  void *owned = NULL, *sink = NULL;
  const void *out = dsend == MPI_IN_PLACE
                        ? MPI_IN_PLACE
                        : ad_mpi_outgoing(dsend, count, type, &owned);
  void *in = NULL;
  if (rank == root)
    in = ad_mpi_incoming(drecv, rcount * size, rtype, &sink);
  MPI_Gather(out, count, type, in, rcount, rtype, root, comm);
  free(sink);
  free(owned);
}

void __ad_mpi_scatter_tangent(const void *sbuf, const void *dsend, int count,
                              MPI_Datatype type, void *rbuf, void *drecv,
                              int rcount, MPI_Datatype rtype, int root,
                              MPI_Comm comm) {
  (void)sbuf, (void)rbuf;
  int rank = ad_mpi_rank(comm), size = ad_mpi_size(comm);
  void *owned = NULL, *sink = NULL;
  const void *out = NULL;
  if (rank == root)
    out = ad_mpi_outgoing(dsend, count * size, type, &owned);
  void *in = ad_mpi_incoming(drecv, rcount, rtype, &sink);
  MPI_Scatter(out, count, type, in, rcount, rtype, root, comm);
  free(sink);
  free(owned);
}

void __ad_mpi_allgather_tangent(const void *sbuf, const void *dsend, int count,
                                MPI_Datatype type, void *rbuf, void *drecv,
                                int rcount, MPI_Datatype rtype, MPI_Comm comm) {
  (void)sbuf, (void)rbuf;
  int size = ad_mpi_size(comm);
  void *owned = NULL, *sink = NULL;
  const void *out = dsend == MPI_IN_PLACE
                        ? MPI_IN_PLACE
                        : ad_mpi_outgoing(dsend, count, type, &owned);
  void *in = ad_mpi_incoming(drecv, rcount * size, rtype, &sink);
  MPI_Allgather(out, count, type, in, rcount, rtype, comm);
  free(sink);
  free(owned);
}
