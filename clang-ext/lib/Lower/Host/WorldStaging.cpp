/// \file
/// The text of a staged tile (docs/lowering.md, "Staged tiles"): from the
/// plan WorldLowering.cpp made for a blocked nest inside a world loop, the
/// code the host lowering puts in front of the nest's element loops (copy
/// in, the loops on the buffers, write back, `else` the element path), or
/// the comment saying why the nest has the element path only.
#include "WorldLowering.h"

namespace orbis {

std::string stagedTileOpen(const StagedTilePlan &Plan,
                           const std::vector<std::string> &First,
                           const std::vector<std::string> &End,
                           const std::string &Loops,
                           const std::string &Body, const std::string &Close) {
  if (!Plan.Reason.empty()) {
    std::string Why = Plan.Reason;
    for (size_t At = Why.find("*/"); At != std::string::npos;
         At = Why.find("*/"))
      Why.replace(At, 2, "* /");
    return " /* element path only: " + Why + " */";
  }
  auto Num = [](long long V) { return "(" + std::to_string(V) + "LL)"; };
  // Dimension K of a group: a nest level's tile bounds, or one element at
  // an invariant subscript.
  auto Low = [&](const StagedGroup &G, size_t K) {
    return G.Levels[K] < 0 ? "(long long)(" + G.Values[K] + ")"
                           : "(long long)(" + First[G.Levels[K]] + ")";
  };
  auto High = [&](const StagedGroup &G, size_t K) {
    return G.Levels[K] < 0 ? "(long long)(" + G.Values[K] + ") + 1"
                           : "(long long)(" + End[G.Levels[K]] + ")";
  };
  auto Box = [&](const StagedGroup &G, const std::vector<long long> &O) {
    std::string Lo, Hi;
    for (size_t K = 0; K < O.size(); ++K) {
      Lo += std::string(K ? ", " : "") + Low(G, K) + " + " + Num(O[K]);
      Hi += std::string(K ? ", " : "") + High(G, K) + " + " + Num(O[K]);
    }
    return "{{" + Lo + "}, {" + Hi + "}}";
  };
  std::string S = "\n/* staged tile (docs/lowering.md, \"Staged tiles\"): "
                  "footprint and halo copied in (or, for an array this "
                  "process owns, waited for in place), computed here, the "
                  "written box stored (or published in place); else the "
                  "element path */\n";
  std::string Bytes = "0ULL", Alias;
  for (size_t G = 0; G < Plan.Groups.size(); ++G) {
    const StagedGroup &Gr = Plan.Groups[G];
    std::string N = std::to_string(G);
    S += "orbis_world_ptr_t __orbis_sp" + N + " = " + Gr.Pointer + ";";
    std::string Count = "1ULL";
    for (size_t K = 0; K < Gr.Levels.size(); ++K) {
      std::string F = "__orbis_sf" + N + "_" + std::to_string(K),
                  Ext = "__orbis_sn" + N + "_" + std::to_string(K);
      S += " const long long " + F + " = " + Low(Gr, K) + " + " +
           Num(Gr.Min[K]) + ", " + Ext + " = " + High(Gr, K) + " + " +
           Num(Gr.Max[K]) + " - " + F + ";";
      Count += " * (unsigned long long)" + Ext;
    }
    S += " const unsigned long long __orbis_so" + N + " = " + Bytes + ";\n";
    Bytes = "((__orbis_so" + N + " + (" + Count + ") * sizeof(" + Gr.Scalar +
            ") + 63ULL) & ~63ULL)";
    // A read-only pointer may name the memory another one writes.
    for (size_t H = 0; H < G; ++H)
      if (!Gr.Write.empty() || !Plan.Groups[H].Write.empty())
        Alias += " && !orbis_world_same_allocation(__orbis_sp" + N +
                 ", __orbis_sp" + std::to_string(H) + ")";
  }
  // Each group's view and frame, and whether the frame lies inside the
  // array: a tile whose halo reaches past the array's edge (reads the
  // program guards) takes the element path.
  std::string Inside;
  for (size_t G = 0; G < Plan.Groups.size(); ++G) {
    const StagedGroup &Gr = Plan.Groups[G];
    std::string N = std::to_string(G);
    std::string Strides, FrameLo, FrameHi;
    const size_t D = Gr.Levels.size();
    for (size_t K = 0; K < D; ++K) {
      std::string K1 = std::to_string(K);
      Strides += std::string(K ? ", " : "") + "(long long)" + Gr.Strides[K];
      FrameLo += std::string(K ? ", " : "") + "__orbis_sf" + N + "_" + K1;
      FrameHi += std::string(K ? ", " : "") + "__orbis_sf" + N + "_" + K1 +
                 " + __orbis_sn" + N + "_" + K1;
    }
    S += "const orbis_world_view_t __orbis_sv" + N + " = {" + Gr.Base + ", " +
         std::to_string(D) + ", {" + Strides + "}};";
    S += " const orbis_world_box_t __orbis_sfr" + N + " = {{" + FrameLo +
         "}, {" + FrameHi + "}};\n";
    Inside += " && orbis_world_frame_inside(__orbis_sp" + N + ", &__orbis_sv" +
              N + ", &__orbis_sfr" + N + ")";
  }
  S += "unsigned char *__orbis_sm = orbis_world_staging()" + Alias + Inside +
       " ? (unsigned char *)malloc(" + Bytes + " + 1ULL) : 0;\n";
  S += "if (__orbis_sm) {\n";
  std::string Stores;
  for (size_t G = 0; G < Plan.Groups.size(); ++G) {
    const StagedGroup &Gr = Plan.Groups[G];
    std::string N = std::to_string(G);
    const size_t D = Gr.Levels.size();
    // In place when this process owns the array (orbis_world_local_frame):
    // the tile reads and writes the owner's memory, and the loads and the
    // store only wait and publish. An array the tile only reads, in place
    // also where another process on this host owns it
    // (orbis_world_read_frame). Else a buffer over the frame.
    std::string Sd = "__orbis_sd" + N, Sa = "__orbis_sa" + N;
    std::string Frame = Gr.Write.empty() ? "orbis_world_read_frame"
                                         : "orbis_world_local_frame";
    S += "orbis_world_box_t " + Sa + "; " + Gr.Scalar + " *const " + Sd +
         " = (" + Gr.Scalar + " *)" + Frame + "(__orbis_sp" + N +
         ", &__orbis_sv" + N + ", &" + Sa + ");";
    std::string Origin = "__orbis_sf" + N + "_0";
    for (size_t K = 1; K < D; ++K) {
      std::string K1 = std::to_string(K);
      S += " const long long __orbis_sq" + N + "_" + K1 + " = " + Sd + " ? " +
           Sa + ".hi[" + K1 + "] : __orbis_sn" + N + "_" + K1 + ";";
      Origin = "(" + Origin + ") * __orbis_sq" + N + "_" + K1 +
               " + __orbis_sf" + N + "_" + K1;
    }
    S += "\n" + Gr.Scalar + " *const __orbis_sb" + N + " = " + Sd + " ? " + Sd +
         " + (" + Origin + ") : (" + Gr.Scalar + " *)(__orbis_sm + __orbis_so" +
         N + ");";
    S += " " + Gr.Scalar + " *const __orbis_sx" + N + " = " + Sd + " ? " + Sd +
         " : __orbis_sb" + N + "; const orbis_world_box_t *const __orbis_sg" +
         N + " = " + Sd + " ? &" + Sa + " : &__orbis_sfr" + N + ";\n";
    if (!Gr.Write.empty())
      S += "const orbis_world_box_t __orbis_sw" + N + " = " + Box(Gr, Gr.Write) +
           ";\n";
    if (!Gr.Reads.empty()) {
      S += "const orbis_world_box_t __orbis_sr" + N + "[" +
           std::to_string(Gr.Reads.size()) + "] = {";
      for (size_t R = 0; R < Gr.Reads.size(); ++R)
        S += (R ? ", " : "") + Box(Gr, Gr.Reads[R]);
      S += "};\norbis_world_load_boxes_at(__orbis_sp" + N + ", &__orbis_sv" +
           N + ", __orbis_sr" + N + ", " + std::to_string(Gr.Reads.size()) +
           ", " + (Gr.Write.empty() ? "0" : "&__orbis_sw" + N) +
           ", __orbis_sx" + N + ", __orbis_sg" + N + ", " + Plan.Place +
           ");\n";
    }
    if (!Gr.Write.empty())
      Stores += "orbis_world_store_box_at(__orbis_sp" + N + ", &__orbis_sv" +
                N + ", &__orbis_sw" + N + ", __orbis_sx" + N + ", __orbis_sg" +
                N + ", " + Plan.Place + ");\n";
  }
  // The arrays computed in place are unpinned (a free meanwhile released
  // their memory only now); one read in place where its owner freed it
  // meanwhile stops the program.
  std::string Unpin;
  for (size_t G = 0; G < Plan.Groups.size(); ++G) {
    std::string N = std::to_string(G);
    Unpin += "if (__orbis_sd" + N + ") " +
             (Plan.Groups[G].Write.empty()
                  ? "orbis_world_read_done_at(__orbis_sp" + N + ", " +
                        Plan.Place + ");\n"
                  : "orbis_world_local_done(__orbis_sp" + N + ");\n");
  }
  S += Loops + " { " + Body + " }" + Close + "\n" + Stores + Unpin +
       "free(__orbis_sm);\n} else";
  return S;
}

} // namespace orbis
