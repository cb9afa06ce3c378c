/// \file
/// Source places (file and line, from orbis_world_set_site) that travel
/// with stores, so that an owner can name where both writes of an element
/// were made. The processes of a world run the same program, so a file
/// name string (a __FILE__ literal) lies at the same offset from the start
/// of the same loaded module in each: a place travels as that offset, the
/// line, and a hash of the name, and is read back in the receiving process
/// only where its own module holds a string with that hash there.
#ifndef ORBIS_WORLD_SRC_SITE_H
#define ORBIS_WORLD_SRC_SITE_H

#include <link.h>

#include <cstdint>
#include <cstring>
#include <string>
#include <tuple>

namespace orbis::world {

struct SiteCode {
  uint64_t Offset = 0; ///< of the file name from its module's base
  uint32_t Line = 0;   ///< 0: no place known
  uint32_t Hash = 0;   ///< FNV-1a of the file name

  bool known() const { return Line != 0; }
  bool operator<(const SiteCode &O) const {
    return std::tie(Offset, Line, Hash) < std::tie(O.Offset, O.Line, O.Hash);
  }
  bool operator==(const SiteCode &O) const {
    return Offset == O.Offset && Line == O.Line && Hash == O.Hash;
  }
};

inline uint32_t siteHash(const char *S, size_t MaxLength = 4096) {
  uint32_t H = 2166136261u;
  for (size_t I = 0; I < MaxLength && S[I]; ++I)
    H = (H ^ uint8_t(S[I])) * 16777619u;
  return H;
}

/// The readable loaded segments of the program's main executable (where
/// the program's __FILE__ literals live): its base, and the range of the
/// segment holding Address, if any.
inline bool mainSegment(const char *Address, const char *&Base,
                        const char *&SegmentEnd) {
  struct Query {
    const char *Address, *Base = nullptr, *End = nullptr;
  } Q{Address};
  dl_iterate_phdr(
      [](dl_phdr_info *Info, size_t, void *Data) {
        auto *Q = static_cast<Query *>(Data);
        // The first object is the main program.
        const char *Base = reinterpret_cast<const char *>(Info->dlpi_addr);
        Q->Base = Base;
        for (int I = 0; I < Info->dlpi_phnum; ++I) {
          const ElfW(Phdr) &P = Info->dlpi_phdr[I];
          const char *Start = Base + P.p_vaddr, *End = Start + P.p_memsz;
          if (P.p_type == PT_LOAD && (P.p_flags & PF_R) &&
              Q->Address >= Start && Q->Address < End)
            Q->End = End;
        }
        return 1; // the main program only
      },
      &Q);
  Base = Q.Base;
  SegmentEnd = Q.End;
  return Q.End != nullptr;
}

/// The code of File:Line in this process. The file is named only when its
/// string lies in the main program (a __FILE__ literal of the program);
/// otherwise the line alone travels.
inline SiteCode encodeSite(const char *File, unsigned Line) {
  SiteCode C;
  C.Line = File ? Line : 0;
  const char *Base, *End;
  if (C.Line && mainSegment(File, Base, End)) {
    C.Offset = uint64_t(File - Base);
    C.Hash = siteHash(File, size_t(End - File));
  }
  return C;
}

/// "file:line" for a code from any process of the world ("line N" when
/// this process cannot read the name back: another program, or a name
/// outside the main program), or "" when no place was given.
inline std::string describeSite(const SiteCode &C) {
  if (!C.known())
    return "";
  const char *Base = nullptr, *End = nullptr;
  mainSegment(nullptr, Base, End);
  const char *File = Base ? Base + C.Offset : nullptr;
  if (C.Hash && File && mainSegment(File, Base, End) &&
      siteHash(File, size_t(End - File)) == C.Hash &&
      std::memchr(File, 0, size_t(End - File)))
    return std::string(File) + ":" + std::to_string(C.Line);
  return "line " + std::to_string(C.Line);
}

} // namespace orbis::world

#endif
