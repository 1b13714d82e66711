/* ADPass runtime: the node routines of libstdc++'s std::map / std::set
 * (red-black tree) and std::list, which libstdc++ compiles into its shared
 * library, so that differentiated code sees their bodies. They only move
 * pointers: differentiated like the user's own pointer code, their stores
 * are mirrored in the shadow nodes (and nothing happens in the reverse
 * sweep). The normalization replaces calls to libstdc++'s symbols by calls
 * to these (plugin/Rules/StdNodeRoutines.cpp) in the code it differentiates
 * only; the program's other code keeps libstdc++'s.
 *
 * The layouts are libstdc++'s (bits/stl_tree.h, bits/stl_list.h). The
 * algorithms are the textbook ones (red-black insertion and deletion with
 * recoloring and rotations); any valid tree is a valid std::map, so the
 * shapes need not match libstdc++'s. */
#include <stdbool.h>
#include <stddef.h>

enum { AD_RB_RED = 0, AD_RB_BLACK = 1 };

typedef struct ad_rb_node {
  int color;
  struct ad_rb_node *parent, *left, *right;
} ad_rb_node;

/* The header node: parent = root, left = leftmost, right = rightmost; it
 * is red, and the root's parent is the header. */

static ad_rb_node *rb_minimum(ad_rb_node *x) {
  while (x->left)
    x = x->left;
  return x;
}

static ad_rb_node *rb_maximum(ad_rb_node *x) {
  while (x->right)
    x = x->right;
  return x;
}

/* ++it: the next node in order; from the largest node, the header. */
ad_rb_node *__ad_std_rb_increment(ad_rb_node *x) {
  if (x->right)
    return rb_minimum(x->right);
  ad_rb_node *up = x->parent;
  while (x == up->right) {
    x = up;
    up = up->parent;
  }
  /* Climbing from the largest node of a tree whose root has no right
   * child ends with x at the header and up at the root. */
  return x->right == up ? x : up;
}

/* --it: the previous node; from the header, the largest node. */
ad_rb_node *__ad_std_rb_decrement(ad_rb_node *x) {
  if (x->color == AD_RB_RED && x->parent->parent == x)
    return x->right; /* x is the header */
  if (x->left)
    return rb_maximum(x->left);
  ad_rb_node *up = x->parent;
  while (x == up->left) {
    x = up;
    up = up->parent;
  }
  return up;
}

/* Replaces x by its child c in x's parent (or as the root). */
static void rb_replace_child(ad_rb_node *x, ad_rb_node *c, ad_rb_node **root) {
  if (x == *root)
    *root = c;
  else if (x == x->parent->left)
    x->parent->left = c;
  else
    x->parent->right = c;
}

static void rb_rotate_left(ad_rb_node *x, ad_rb_node **root) {
  ad_rb_node *y = x->right;
  x->right = y->left;
  if (y->left)
    y->left->parent = x;
  y->parent = x->parent;
  rb_replace_child(x, y, root);
  y->left = x;
  x->parent = y;
}

static void rb_rotate_right(ad_rb_node *x, ad_rb_node **root) {
  ad_rb_node *y = x->left;
  x->left = y->right;
  if (y->right)
    y->right->parent = x;
  y->parent = x->parent;
  rb_replace_child(x, y, root);
  y->right = x;
  x->parent = y;
}

/* Links new node x as the left (or right) child of p, updates the
 * header's leftmost and rightmost, and restores the red-black properties. */
void __ad_std_rb_insert_rebalance(bool insert_left, ad_rb_node *x,
                                  ad_rb_node *p, ad_rb_node *header) {
  ad_rb_node **root = &header->parent;
  x->parent = p;
  x->left = NULL;
  x->right = NULL;
  x->color = AD_RB_RED;
  if (insert_left) {
    p->left = x; /* also the leftmost when p is the header (empty tree) */
    if (p == header) {
      header->parent = x;
      header->right = x;
    } else if (p == header->left) {
      header->left = x;
    }
  } else {
    p->right = x;
    if (p == header->right)
      header->right = x;
  }
  while (x != *root && x->parent->color == AD_RB_RED) {
    ad_rb_node *grand = x->parent->parent;
    if (x->parent == grand->left) {
      ad_rb_node *uncle = grand->right;
      if (uncle && uncle->color == AD_RB_RED) {
        x->parent->color = AD_RB_BLACK;
        uncle->color = AD_RB_BLACK;
        grand->color = AD_RB_RED;
        x = grand;
        continue;
      }
      if (x == x->parent->right) {
        x = x->parent;
        rb_rotate_left(x, root);
      }
      x->parent->color = AD_RB_BLACK;
      grand->color = AD_RB_RED;
      rb_rotate_right(grand, root);
    } else {
      ad_rb_node *uncle = grand->left;
      if (uncle && uncle->color == AD_RB_RED) {
        x->parent->color = AD_RB_BLACK;
        uncle->color = AD_RB_BLACK;
        grand->color = AD_RB_RED;
        x = grand;
        continue;
      }
      if (x == x->parent->left) {
        x = x->parent;
        rb_rotate_right(x, root);
      }
      x->parent->color = AD_RB_BLACK;
      grand->color = AD_RB_RED;
      rb_rotate_left(grand, root);
    }
  }
  (*root)->color = AD_RB_BLACK;
}

static bool rb_is_black(const ad_rb_node *x) {
  return !x || x->color == AD_RB_BLACK;
}

/* Unlinks z from the tree (the caller frees it) and restores the
 * red-black properties; returns z. A node with two children is replaced
 * by its successor, relinked in z's place (node values do not move). */
ad_rb_node *__ad_std_rb_rebalance_for_erase(ad_rb_node *z, ad_rb_node *header) {
  ad_rb_node **root = &header->parent;
  ad_rb_node *x;        /* the node that takes the removed one's place */
  ad_rb_node *x_parent; /* its parent (x may be null) */
  int removed_color;
  if (z->left && z->right) {
    ad_rb_node *y = rb_minimum(z->right); /* successor: no left child */
    x = y->right;
    y->left = z->left;
    z->left->parent = y;
    if (y != z->right) {
      x_parent = y->parent;
      if (x)
        x->parent = x_parent;
      x_parent->left = x;
      y->right = z->right;
      z->right->parent = y;
    } else {
      x_parent = y;
    }
    rb_replace_child(z, y, root);
    y->parent = z->parent;
    removed_color = y->color;
    y->color = z->color;
  } else {
    x = z->left ? z->left : z->right;
    x_parent = z->parent;
    if (x)
      x->parent = x_parent;
    rb_replace_child(z, x, root);
    if (header->left == z)
      header->left = z->right ? rb_minimum(x) : z->parent;
    if (header->right == z)
      header->right = z->left ? rb_maximum(x) : z->parent;
    removed_color = z->color;
  }
  if (removed_color == AD_RB_RED)
    return z;
  while (x != *root && rb_is_black(x)) {
    if (x == x_parent->left) {
      ad_rb_node *w = x_parent->right;
      if (w->color == AD_RB_RED) {
        w->color = AD_RB_BLACK;
        x_parent->color = AD_RB_RED;
        rb_rotate_left(x_parent, root);
        w = x_parent->right;
      }
      if (rb_is_black(w->left) && rb_is_black(w->right)) {
        w->color = AD_RB_RED;
        x = x_parent;
        x_parent = x_parent->parent;
        continue;
      }
      if (rb_is_black(w->right)) {
        w->left->color = AD_RB_BLACK;
        w->color = AD_RB_RED;
        rb_rotate_right(w, root);
        w = x_parent->right;
      }
      w->color = x_parent->color;
      x_parent->color = AD_RB_BLACK;
      if (w->right)
        w->right->color = AD_RB_BLACK;
      rb_rotate_left(x_parent, root);
    } else {
      ad_rb_node *w = x_parent->left;
      if (w->color == AD_RB_RED) {
        w->color = AD_RB_BLACK;
        x_parent->color = AD_RB_RED;
        rb_rotate_right(x_parent, root);
        w = x_parent->left;
      }
      if (rb_is_black(w->right) && rb_is_black(w->left)) {
        w->color = AD_RB_RED;
        x = x_parent;
        x_parent = x_parent->parent;
        continue;
      }
      if (rb_is_black(w->left)) {
        w->right->color = AD_RB_BLACK;
        w->color = AD_RB_RED;
        rb_rotate_left(w, root);
        w = x_parent->left;
      }
      w->color = x_parent->color;
      x_parent->color = AD_RB_BLACK;
      if (w->left)
        w->left->color = AD_RB_BLACK;
      rb_rotate_right(x_parent, root);
    }
    break;
  }
  if (x)
    x->color = AD_RB_BLACK;
  return z;
}

/* std::list: a circular doubly linked list through a header node. */
typedef struct ad_list_node {
  struct ad_list_node *next, *prev;
} ad_list_node;

/* Inserts node before pos. */
void __ad_std_list_hook(ad_list_node *node, ad_list_node *pos) {
  node->next = pos;
  node->prev = pos->prev;
  pos->prev->next = node;
  pos->prev = node;
}

void __ad_std_list_unhook(ad_list_node *node) {
  node->prev->next = node->next;
  node->next->prev = node->prev;
}

/* Moves [first, last) before pos. */
void __ad_std_list_transfer(ad_list_node *pos, ad_list_node *first,
                            ad_list_node *last) {
  if (pos == last)
    return;
  ad_list_node *before_pos = pos->prev, *before_last = last->prev;
  before_last->next = pos;
  first->prev->next = last;
  before_pos->next = first;
  pos->prev = before_last;
  last->prev = first->prev;
  first->prev = before_pos;
}

/* Reverses the list whose header is head. */
void __ad_std_list_reverse(ad_list_node *head) {
  ad_list_node *n = head;
  do {
    ad_list_node *next = n->next;
    n->next = n->prev;
    n->prev = next;
    n = next;
  } while (n != head);
}

/* Makes `to` the header of the nodes from next to prev. */
static void list_link(ad_list_node *to, ad_list_node *next,
                      ad_list_node *prev) {
  to->next = next;
  to->prev = prev;
  next->prev = to;
  prev->next = to;
}

static void list_clear(ad_list_node *head) {
  head->next = head;
  head->prev = head;
}

/* Exchanges the nodes of two lists. */
void __ad_std_list_swap(ad_list_node *a, ad_list_node *b) {
  ad_list_node *an = a->next, *ap = a->prev, *bn = b->next, *bp = b->prev;
  bool a_empty = an == a, b_empty = bn == b;
  if (!a_empty && !b_empty) {
    list_link(a, bn, bp);
    list_link(b, an, ap);
  } else if (!a_empty) {
    list_link(b, an, ap);
    list_clear(a);
  } else if (!b_empty) {
    list_link(a, bn, bp);
    list_clear(b);
  }
}
