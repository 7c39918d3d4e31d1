// A binary tree of three nodes built with malloc, summed recursively; the check fails for x == 42.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
struct tree { int key; struct tree *left, *right; };
struct tree *leaf(int key) {
  struct tree *t = malloc(sizeof *t);
  t->key = key;
  t->left = NULL;
  t->right = NULL;
  return t;
}
int sum(struct tree *t) {
  if (t == NULL) return 0;
  return t->key + sum(t->left) + sum(t->right);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x > 100) return 0;
  struct tree *root = leaf(x);
  root->left = leaf(2 * x);
  root->right = leaf(3);
  if (sum(root) != 3 * x + 3 || x == 42) reach_error();
  free(root->left);
  free(root->right);
  free(root);
  return 0;
}
