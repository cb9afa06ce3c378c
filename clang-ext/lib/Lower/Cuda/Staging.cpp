/// \file
/// `block_local` on the GPU (NestEmitter.h): which arrays, their frames, the
/// leader warp's copies in and out, and the shared memory they take.
#include "NestEmitter.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace orbis::cuda {

/// The `block_local` clauses of the nest's directives: which variable, the
/// loop level of each of its subscripts (from the instruction block's
/// accesses), and what the staging can rely on.
bool CudaNestEmitter::collectStaged() {
  bool Ok = true;
  for (const auto &L : Nest.Loops) {
    const std::vector<BlockLocalClause> &Clauses = L->Pragma->Dir.BlockLocals;
    for (size_t C = 0; C < Clauses.size(); ++C) {
      const BlockLocalClause &Clause = Clauses[C];
      auto Fail = [&](const std::string &Why) {
        diag(Diag::CudaUnsupportedConstruct, Clause.Loc,
             {"'block_local(" + Clause.Var + ", ...)'", Why});
        Ok = false;
      };
      StagedArray S;
      S.Halo = C < L->Halos.size() ? L->Halos[C] : Clause.Halo;
      auto It = llvm::find_if(Vars, [&](const DeviceVariable &D) {
        return D.Var->getName() == Clause.Var;
      });
      if (It == Vars.end())
        continue; // the nest does not use it: nothing to stage
      S.Var = It - Vars.begin();
      if (It->Kind != DeviceVariable::Pointer &&
          It->Kind != DeviceVariable::Array) {
        Fail("it is not an array or a mapped pointer");
        continue;
      }
      if (It->Tracked) {
        Fail("the pointer needs a 'map' clause with its section");
        continue;
      }
      S.Elem = scalarElement(It->Var->getType().getNonReferenceType());
      S.WriteBack = !S.Elem.isConstQualified();
      for (const ArrayAccess &A : Nest.Accesses) {
        if (A.Base != It->Var)
          continue;
        std::vector<unsigned> Levels;
        for (const Subscript &Sub : A.Subscripts)
          Levels.push_back(Sub.Level);
        if (S.Levels.empty())
          S.Levels = Levels;
        else if (S.Levels != Levels)
          Fail("its accesses index the loops in different orders");
        if (A.IsWrite && llvm::any_of(A.Subscripts, [](const Subscript &Sub) {
              return Sub.Value != 0;
            }))
          Fail("the instruction block writes outside its own tile cell "
               "(the write would stay in the halo)");
      }
      for (unsigned Level : S.Levels) {
        const CanonicalLoop &F = Nest.Loops[Level]->Form;
        if (F.Step && (!F.StepConstant || F.StepConstant->getExtValue() != 1))
          Fail("the loop of '" + F.VarName + "' does not step by 1");
      }
      if (S.Levels.empty())
        continue;
      S.BoundsDim = NumDims;
      NumDims += 2 * S.Levels.size();
      Staged.push_back(S);
    }
  }
  return Ok;
}

/// Host expressions for the valid index range of each dimension of the
/// staged arrays (the frame around a tile is clipped to them).
std::string CudaNestEmitter::stagedBounds() {
  std::string S;
  for (const StagedArray &A : Staged) {
    const DeviceVariable &D = Vars[A.Var];
    std::string V = D.name();
    std::string E = V + "[0]";
    for (size_t Dim = 0; Dim < A.Levels.size(); ++Dim) {
      if (Dim == 0 && D.Kind == DeviceVariable::Pointer)
        S += "(long long)(" + D.Map->Lower + "), (long long)(" + D.Map->Lower +
             ") + (long long)(" + D.Map->Length + "), ";
      else if (Dim == 0)
        S += "0, (long long)(sizeof(" + V + ") / sizeof(" + E + ")), ";
      else {
        S += "0, (long long)(sizeof(" + E + ") / sizeof(" + E + "[0])), ";
        E += "[0]";
      }
    }
  }
  return S;
}


/// The copy of each staged array between global and shared memory, shared
/// among the 32 lanes of the leader warp: the frame of the current tile
/// plus the halo in, or only the tile's cells back.
std::string CudaNestEmitter::stagingCode() {
  std::string S = "  auto __orbis_stage = [&](int __orbis_lane, bool __orbis_back) {\n"
                  "    (void)__orbis_lane; (void)__orbis_back;\n";
  for (size_t K = 0; K < Staged.size(); ++K) {
    const StagedArray &A = Staged[K];
    const DeviceVariable &D = Vars[A.Var];
    std::string Kn = std::to_string(K), H = std::to_string(A.Halo);
    size_t Rank = A.Levels.size();
    S += "    {\n      long long __orbis_total = 1;\n";
    for (size_t Dim = 0; Dim < Rank; ++Dim)
      S += "      const long long __orbis_e" + std::to_string(Dim) +
           " = __orbis_P.loops[" + std::to_string(A.Levels[Dim]) +
           "].tile + 2 * " + H + ";\n      __orbis_total *= __orbis_e" +
           std::to_string(Dim) + ";\n";
    S += "      for (long long __orbis_e = __orbis_lane; __orbis_e < "
         "__orbis_total; __orbis_e += 32) {\n"
         "        long long __orbis_r = __orbis_e;\n"
         "        bool __orbis_in = true;\n";
    std::string Global = D.name();
    std::string Linear;
    for (size_t Dim = Rank; Dim-- > 0;) {
      std::string Ds = std::to_string(Dim);
      std::string B = std::to_string(A.BoundsDim + 2 * Dim);
      std::string B1 = std::to_string(A.BoundsDim + 2 * Dim + 1);
      S += "        const long long __orbis_i" + Ds + " = " +
           (Dim ? "__orbis_r % __orbis_e" + Ds : std::string("__orbis_r")) + ";\n" +
           (Dim ? "        __orbis_r /= __orbis_e" + Ds + ";\n" : "") +
           "        const long long __orbis_g" + Ds + " = __orbis_sh.bl" + Kn +
           "[" + Ds + "] + __orbis_i" + Ds + ";\n"
           "        if (__orbis_g" + Ds + " < __orbis_P.dims[" + B +
           "] || __orbis_g" + Ds + " >= __orbis_P.dims[" + B1 +
           "]) continue;\n"
           "        __orbis_in = __orbis_in && __orbis_i" + Ds + " >= " + H +
           " && __orbis_i" + Ds + " < " + H + " + __orbis_sh.bl" + Kn +
           "_size[" + Ds + "];\n";
    }
    for (size_t Dim = 0; Dim < Rank; ++Dim) {
      std::string G = "__orbis_g" + std::to_string(Dim);
      if (D.VlaRank)
        Linear = Dim == 0 ? G
                          : "(" + Linear + " * __orbis_P.dims[" +
                                std::to_string(D.DimIndex + Dim - 1) + "] + " +
                                G + ")";
      else
        Global += "[" + G + "]";
    }
    if (D.VlaRank)
      Global += "[" + Linear + "]";
    std::string Buffer = "__orbis_bl" + Kn + "[__orbis_e]";
    S += "        if (!__orbis_back)\n          " + Buffer + " = " + Global +
         ";\n";
    if (A.WriteBack)
      S += "        else if (__orbis_in)\n          orbis_dev_plain(" +
           Global + ") = " + Buffer + ";\n";
    S += "      }\n    }\n";
  }
  return S + "  };\n";
}

/// Lane 0 of the leader warp: the frames of the current tile, then one
/// staging task shared by the warp (in, or back to global memory).
std::string CudaNestEmitter::stageTask(bool Back) {
  if (Staged.empty())
    return "";
  std::string S;
  if (!Back)
    for (size_t K = 0; K < Staged.size(); ++K) {
      const StagedArray &A = Staged[K];
      for (size_t Dim = 0; Dim < A.Levels.size(); ++Dim) {
        const BlockedLoop &L = *Nest.Loops[A.Levels[Dim]];
        std::string C = "__orbis_c" + std::to_string(L.Level);
        std::string Ref = "__orbis_sh.bl" + std::to_string(K);
        std::string First = "(long long)" + valueAt(L, C + ".first");
        std::string Last = "(long long)" + valueAt(L, C + ".first + " + C +
                                                       ".size - 1");
        S += Ref + "[" + std::to_string(Dim) + "] = (" + First + " < " + Last +
             " ? " + First + " : " + Last + ") - " + std::to_string(A.Halo) +
             ";\n" + Ref + "_size[" + std::to_string(Dim) + "] = " + C +
             ".size;\n";
      }
    }
  return S + "++__orbis_tasks;\norbis_dev_publish(__orbis_sh.task, 2 * "
             "__orbis_tasks + " + (Back ? "1" : "0") + ");\n__orbis_stage(0, " +
         (Back ? "true" : "false") +
         ");\norbis_dev_wait_reach(__orbis_sh.task_done, 31 * "
         "__orbis_tasks);\n";
}


/// Launcher code placing each staged buffer after the arena and checking
/// the total against the device's shared memory.
std::string CudaNestEmitter::stageSizes() {
  std::string S = "  size_t shared_bytes = (P.arena + 15) / 16 * 16;\n"
                  "  P.rows_stage = ~0ull;\n";
  if (PairedRows)
    // Paired rows: the hand-over slots first; the staging buffers double
    // (one pair per warp). Where both do not fit, one warp per 32 rows.
    S += "  P.rows_hand = ~0ull;\n"
         "  if (P.pairs > 1) {\n"
         "    size_t hand_bytes = ((size_t)((loops[0].tile + 31) / 32) * (" +
         RowsHandBytes + ") + 15) / 16 * 16;\n"
         "    size_t pair_stage_bytes = " +
         (RowsStageBytes.empty()
              ? std::string("0")
              : "(size_t)((loops[0].tile + 31) / 32) * 2 * (" +
                    RowsStageBytes + ")") +
         ";\n"
         "    if (shared_bytes + hand_bytes + pair_stage_bytes + "
         "sizeof(__orbis_shared" + id() +
         ") > orbis_cuda_shared_limit(where))\n"
         "      P.pairs = 1;\n"
         "    else {\n"
         "      P.rows_hand = shared_bytes;\n"
         "      shared_bytes += hand_bytes;\n    }\n  }\n";
  if (!RowsStageBytes.empty())
    // Rows in lockstep: two buffers per warp, when they fit (else the
    // chunks run unstaged, loading from global memory).
    S += "  if (P.lockstep) {\n"
         "    size_t rows_bytes = (size_t)((loops[0].tile + 31) / 32) * (" +
         RowsStageBytes + ")" + (PairedRows ? " * P.pairs" : "") + ";\n"
         "    if (shared_bytes + rows_bytes + sizeof(__orbis_shared" + id() +
         ") <= orbis_cuda_shared_limit(where)) {\n"
         "      P.rows_stage = shared_bytes;\n"
         "      shared_bytes += rows_bytes;\n    }\n  }\n";
  if (Staged.empty())
    return S;
  for (size_t K = 0; K < Staged.size(); ++K) {
    const StagedArray &A = Staged[K];
    std::string Bytes =
        "sizeof(" + Printer.declaration(A.Elem.getUnqualifiedType(), "") + ")";
    for (unsigned Level : A.Levels)
      Bytes += " * (size_t)(loops[" + std::to_string(Level) + "].tile + 2 * " +
               std::to_string(A.Halo) + ")";
    S += "  P.stage_offset[" + std::to_string(K) + "] = shared_bytes;\n"
         "  shared_bytes += (" + Bytes + " + 15) / 16 * 16;\n";
  }
  S += "  orbis_cuda_check_shared(where, shared_bytes, sizeof(__orbis_shared" +
       id() + "), \"'block_local(" + Vars[Staged[0].Var].name() +
       ", ...)'\");\n";
  return S;
}


} // namespace orbis::cuda
