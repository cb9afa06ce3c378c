// Found beside the source even though the compiler reads a lowered copy.
#define SCALE 2
