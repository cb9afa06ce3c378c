/// \file
/// ORBIS_TRACE's file name and JSON quoting (libtile/src/trace.h); the
/// recording is tested end to end by tests/lit/e2e/trace.c.
#include "trace.h"

#include <gtest/gtest.h>

using orbis::tile::jsonEscape;
using orbis::tile::tracePath;

TEST(TracePath, PlainNameAlone) {
  EXPECT_EQ(tracePath("trace.json", 42, nullptr), "trace.json");
  EXPECT_EQ(tracePath("/tmp/a.b/trace", 42, nullptr), "/tmp/a.b/trace");
}

TEST(TracePath, PlaceholdersExpand) {
  EXPECT_EQ(tracePath("t-%p.json", 42, nullptr), "t-42.json");
  EXPECT_EQ(tracePath("t-%r.json", 42, "3"), "t-3.json");
  EXPECT_EQ(tracePath("t-%r.json", 42, nullptr), "t-0.json");
  EXPECT_EQ(tracePath("t-%r-%p-%%.json", 7, "1"), "t-1-7-%.json");
  // An unknown or final '%' stays as written.
  EXPECT_EQ(tracePath("t%x%", 7, nullptr), "t%x%");
}

TEST(TracePath, RankedProcessesGetTheirOwnFile) {
  EXPECT_EQ(tracePath("trace.json", 42, "2"), "trace.2.json");
  EXPECT_EQ(tracePath("out/trace", 42, "0"), "out/trace.0");
  EXPECT_EQ(tracePath("run.d/trace", 42, "5"), "run.d/trace.5");
  EXPECT_EQ(tracePath(".trace", 42, "5"), ".trace.5");
  // A placeholder says where the rank or pid goes: no suffix then.
  EXPECT_EQ(tracePath("trace-%p.json", 42, "2"), "trace-42.json");
  // "%%" is no placeholder.
  EXPECT_EQ(tracePath("a%%.json", 42, "2"), "a%.2.json");
}

TEST(JsonEscape, QuotesBackslashesAndControls) {
  EXPECT_EQ(jsonEscape("plain.c:3:1"), "plain.c:3:1");
  EXPECT_EQ(jsonEscape("a\"b\\c"), "a\\\"b\\\\c");
  EXPECT_EQ(jsonEscape(std::string("tab\there\nnl\x01", 12)),
            "tab\\u0009here\\u000anl\\u0001");
}
