/// \file
/// ORBIS_TRACE's pure parts, tested directly: where the file goes and how
/// text is quoted in it. The recording itself is in trace.cpp.
#ifndef ORBIS_TILE_SRC_TRACE_H
#define ORBIS_TILE_SRC_TRACE_H

#include "export.h"

#include <string>
#include <string_view>

namespace orbis::tile {

/// The file that ORBIS_TRACE's value `Pattern` names for this process: "%p"
/// becomes `Pid`, "%r" the launcher's rank `Rank` (null: not launched by one,
/// then "0"), "%%" a '%'. Without "%p" or "%r", a process that has a rank
/// gets ".RANK" before the extension (or at the end), so that the processes
/// of one job do not overwrite each other's file.
ORBIS_TILE_TESTING_API std::string tracePath(std::string_view Pattern,
                                             long Pid, const char *Rank);

/// `Text` as the inside of a JSON string.
ORBIS_TILE_TESTING_API std::string jsonEscape(std::string_view Text);

} // namespace orbis::tile

#endif // ORBIS_TILE_SRC_TRACE_H
