#include "blocked_header.h"
int main(void) { double A[4]; clear(4, A); return 0; }
