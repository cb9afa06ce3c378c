/// \file
/// The kernel of an offloaded nest (NestEmitter.h): persistent blocks on a
/// ticket; per outermost tile, the leader's copy of the nest (the
/// inter-tile level) and the workers' copy on sub-tiles (the intra-tile
/// level), meeting at each innermost tile.
#include "NestEmitter.h"
#include "Lookahead.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace orbis::cuda {

/// A tile query answered from the (sub-)tile `Tile` of loop `L`.
std::string queryText(const std::string &Tile, const BlockedLoop &L,
                      TileQuery Q) {
  switch (Q) {
  case TileQuery::NumBlocks:
    return "orbis_dev_query(" + Tile + ".count)";
  case TileQuery::BlockNum:
    return "orbis_dev_query(" + Tile + ".num)";
  case TileQuery::BlockSize:
    return "orbis_dev_query(" + Tile + ".size)";
  case TileQuery::TotalSize:
    return "orbis_dev_query(__orbis_P.loops[" + std::to_string(L.Level) +
           "].total)";
  }
  return "";
}


// ---- device side ----------------------------------------------------------

std::string CudaNestEmitter::statements(const std::vector<const Stmt *> &List) {
  std::string S;
  for (const Stmt *St : List)
    S += Printer.statement(St);
  return S;
}

std::string CudaNestEmitter::valueAt(const BlockedLoop &L,
                                     const std::string &Index) const {
  std::string Lv = std::to_string(L.Level);
  return "((" + loopType(L) + ")((unsigned long long)__orbis_P.lbs[" + Lv +
         "] + (unsigned long long)(" + Index + ") * (unsigned long long)" +
         stepValue(L) + "))";
}

/// The loop's signed step per iteration: a literal when it is a constant
/// (the device compiler then folds the arithmetic), else the run time's.
std::string CudaNestEmitter::stepValue(const BlockedLoop &L) const {
  const CanonicalLoop &F = L.Form;
  if (!F.Step || (F.StepConstant && F.StepConstant->getSignificantBits() < 63)) {
    int64_t Step = F.Step ? F.StepConstant->getExtValue() : 1;
    return "(" + std::to_string(F.Direction < 0 ? -Step : Step) + "LL)";
  }
  return "__orbis_P.loops[" + std::to_string(L.Level) + "].step";
}

/// The name of the (sub-)tile of `L` a copy runs: the leader's tile, or the
/// worker's sub-tile.
std::string tileName(DeviceCopy Copy, unsigned Level) {
  return (Copy == DeviceCopy::Intra ? "__orbis_s" : "__orbis_c") +
         std::to_string(Level);
}

/// The element loops of every level over the worker's current sub-tiles,
/// then the instruction block; afterwards the loop variables hold the
/// sub-tiles' first values again.
std::string CudaNestEmitter::elementLoops(DeviceCopy Copy) {
  std::string S = "{\n";
  for (const auto &L : Nest.Loops) {
    std::string T = tileName(Copy, L->Level);
    const std::string &V = L->Form.VarName;
    std::string End = valueAt(*L, T + ".first + " + T + ".size");
    std::string Test = elementLoopTest(L->Form, Ctx);
    S += "for (" + V + " = " + valueAt(*L, T + ".first") + "; " + V + " " +
         Test + " " + End + "; " + V + " = (" + loopType(*L) +
         ")((unsigned long long)" + V + " + (unsigned long long)" +
         stepValue(*L) + "))\n";
  }
  S += "{\n" + instructionBlock() + "}\n";
  for (const auto &L : Nest.Loops)
    S += L->Form.VarName + " = " +
         valueAt(*L, tileName(Copy, L->Level) + ".first") + ";\n";
  return S + "}\n";
}

std::string CudaNestEmitter::instructionBlock() {
  const Stmt *IB = Nest.InstructionBlock ? Nest.InstructionBlock
                                         : Nest.innermost().For->getBody();
  return Printer.statement(IB);
}

/// The declaration of L's loop variable at its (sub-)tile's first value.
std::string CudaNestEmitter::loopVariable(DeviceCopy Copy,
                                          const BlockedLoop &L) {
  return Printer.declaration(L.Form.Var->getType().getUnqualifiedType(),
                             L.Form.VarName) +
         " = " + valueAt(L, tileName(Copy, L.Level) + ".first") + ";\n(void)" +
         L.Form.VarName + ";\n";
}

/// One level of the nest as the leader (inter-tile) or a worker
/// (intra-tile) runs it, with the levels inside it. Both walk the tiles of
/// the inner levels in the same order; at each innermost tile the leader
/// publishes that its pre-blocks are done (`ready`) and waits until every
/// worker has finished the tile (`finished`) before its post-blocks.
std::string CudaNestEmitter::levelCopy(DeviceCopy Copy, unsigned Level) {
  const BlockedLoop &L = *Nest.Loops[Level];
  std::string Lv = std::to_string(Level);
  std::string S;
  if (Copy == DeviceCopy::Leader && !L.Child && lookahead())
    return leaderLookahead(L);
  if (Level > 0) {
    std::string K = "__orbis_k" + Lv;
    S += "for (long long " + K + " = 0; " + K + " < __orbis_P.loops[" + Lv +
         "].num_tiles; ++" + K + ") {\n"
         "const orbis_dev_tile_t __orbis_c" + Lv +
         " = orbis_dev_tile(__orbis_P.loops[" + Lv + "], " + K + ");\n";
  }
  bool Innermost = !L.Child;
  if (Copy == DeviceCopy::Leader) {
    S += loopVariable(Copy, L) + "do {\n" + statements(L.PreBlock);
    if (Innermost)
      S += stageTask(false) +
           "orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);\n"
           "orbis_dev_wait_reach(" + finishedSlot("__orbis_q") +
           ");\n++__orbis_q;\n" +
           stageTask(true);
    else
      S += levelCopy(Copy, Level + 1);
    S += statements(L.PostBlock) + "} while (0);\n";
  } else if (Level == 0 || !Innermost) {
    // A worker's sub-tile of the outermost level; an inner level that is
    // not the innermost has one sub-tile per tile.
    if (Level > 0)
      S += "const orbis_dev_tile_t __orbis_s" + Lv + " = __orbis_c" + Lv +
           ";\n";
    S += loopVariable(Copy, L) + "do {\n" + statements(L.PreBlock);
    if (Innermost)
      S += innermostWorker(L);
    else if (Level == 0 && Rows.Applies)
      S += "if (__orbis_P.lockstep) {\n" +
           (StrictRows ? strictRows() : lockstepRows()) + "} else {\n" +
           levelCopy(Copy, Level + 1) + "}\n";
    else
      S += levelCopy(Copy, Level + 1);
    S += statements(L.PostBlock) + "} while (0);\n";
  } else {
    S += innermostWorker(L);
  }
  if (Level > 0)
    S += "}\n";
  return S;
}

/// The arguments of a wait for every worker to have left innermost tile
/// number `Tile`: its counter in the ring and the count it reaches (the
/// counters add up over the tiles that share a slot).
std::string CudaNestEmitter::finishedSlot(const std::string &Tile) {
  return "__orbis_sh.finished[" + Tile +
         " % ORBIS_DEV_TILES_IN_FLIGHT], (int)(__orbis_workers * (" + Tile +
         " / ORBIS_DEV_TILES_IN_FLIGHT + 1))";
}

std::string CudaNestEmitter::finishedCount() {
  return "orbis_dev_count(__orbis_sh.finished[__orbis_q % "
         "ORBIS_DEV_TILES_IN_FLIGHT]);\n";
}

/// A declaration whose variables the leader can keep across the steps of
/// a resumable pre-block: scalars, assigned later.
static bool keepable(const Stmt *S) {
  const auto *D = dyn_cast<DeclStmt>(S);
  return D && llvm::all_of(D->decls(), [](const Decl *Member) {
           const auto *V = dyn_cast<VarDecl>(Member);
           return V && V->getType()->isScalarType() &&
                  !V->getType()->isVariablyModifiedType() &&
                  !V->isStaticLocal() && !V->hasExternalStorage();
         });
}

bool CudaNestEmitter::preBlockResumable(const BlockedLoop &L) const {
  return llvm::all_of(L.PreBlock, [&](const Stmt *S) {
    return keepable(S) || Printer.spinCondition(S);
  });
}

/// The pre-block as steps the leader can resume (preBlockResumable): stage
/// I runs statement I, and the stage after the last publishes the tile. A
/// declaration becomes an assignment to a variable kept across the steps
/// (declared in `Declarations`), a spin-wait one test of its condition that
/// moves to the next stage once the condition is false. Each statement
/// still runs once and in order, its waits as often as they must.
std::string CudaNestEmitter::resumablePreBlock(const BlockedLoop &L,
                                               std::string &Declarations) {
  Printer.Renamed.clear();
  for (const Stmt *S : L.PreBlock)
    if (const auto *D = dyn_cast<DeclStmt>(S))
      for (const Decl *Member : D->decls()) {
        const auto *V = cast<VarDecl>(Member);
        std::string Name =
            "__orbis_pv" + std::to_string(Printer.Renamed.size());
        Declarations +=
            Printer.declaration(V->getType().getUnqualifiedType(), Name) +
            " = 0;\n";
        Printer.Renamed[V] = Name;
      }
  std::string Machine;
  for (size_t I = 0; I < L.PreBlock.size(); ++I) {
    const Stmt *S = L.PreBlock[I];
    std::string Next = "__orbis_stage = " + std::to_string(I + 1) + ";\n";
    std::string Step;
    if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *Member : D->decls()) {
        const auto *V = cast<VarDecl>(Member);
        if (const Expr *Init = V->getInit())
          Step += Printer.Renamed[V] + " = " + Printer.expression(Init) + ";\n";
      }
      Step += Next;
    } else {
      // Relaxed polls until the condition is false, then the acquire test
      // (acquireTest); a fence at device scope where there is none.
      const Expr *Cond = Printer.spinCondition(S);
      std::string Acquire = Printer.acquireTest(Cond);
      Step = "if (!(" + Printer.expression(Cond) + ")) {\n" +
             (Acquire.empty()
                  ? "orbis_dev_acquire_fence<cuda::thread_scope_device>();\n"
                  : "if (!(" + Acquire + "))\n") +
             Next + "}\n";
    }
    Machine += "if (__orbis_stage == " + std::to_string(I) + ") {\n" + Step +
               "}\n";
  }
  Printer.Renamed.clear();
  return Machine + "if (__orbis_stage == " +
         std::to_string(L.PreBlock.size()) +
         ") {\norbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);\n"
         "++__orbis_q;\n++__orbis_kpre;\n__orbis_stage = 0;\n}\n";
}

/// The leader's innermost loop when the next tile's pre-block may run
/// before this tile's post-block (Lookahead.h): the workers go on to the
/// next tiles without waiting for the last of them to finish this one.
std::string CudaNestEmitter::leaderLookahead(const BlockedLoop &L) {
  std::string Lv = std::to_string(L.Level);
  std::string K = "__orbis_k" + Lv, C = "__orbis_c" + Lv,
              Pending = "__orbis_p" + Lv,
              Tiles = "__orbis_P.loops[" + Lv + "].num_tiles";
  std::string Declarations;
  if (Order == LeaderOrder::Resumable) {
    std::string Machine = resumablePreBlock(L, Declarations);
    // One thread, never blocked: the post-block of a tile every worker has
    // left comes first; otherwise one step of the next tile's pre-block,
    // up to ORBIS_DEV_TILES_IN_FLIGHT tiles ahead. The workers number the
    // innermost tiles across the whole outer tile (__orbis_q), so the ring
    // is indexed by __orbis_qdone, not by this loop's tile.
    return "{\nlong long __orbis_kpre = 0, __orbis_kpost = 0;\n"
           "int __orbis_stage = 0;\n" + Declarations +
           "while (__orbis_kpost < " + Tiles + ") {\n"
           "if (__orbis_kpost < __orbis_kpre && orbis_dev_reached(" +
           finishedSlot("__orbis_qdone") + ")) {\n"
           "const orbis_dev_tile_t " + C + " = orbis_dev_tile(__orbis_P.loops[" +
           Lv + "], __orbis_kpost);\n" + loopVariable(DeviceCopy::Leader, L) +
           "do {\n" + statements(L.PostBlock) + "} while (0);\n"
           "++__orbis_kpost;\n++__orbis_qdone;\ncontinue;\n}\n"
           "if (__orbis_kpre < " + Tiles +
           " && __orbis_kpre - __orbis_kpost < ORBIS_DEV_TILES_IN_FLIGHT) {\n"
           "const orbis_dev_tile_t " + C + " = orbis_dev_tile(__orbis_P.loops[" +
           Lv + "], __orbis_kpre);\n" + loopVariable(DeviceCopy::Leader, L) +
           Machine + "}\n}\n}\n";
  }
  return "{\norbis_dev_tile_t " + Pending + " = {0, 0, 0, 0};\n"
         "for (long long " + K + " = 0; " + K + " <= " + Tiles + "; ++" + K +
         ") {\n"
         "if (" + K + " < " + Tiles + ") {\n"
         "const orbis_dev_tile_t " + C + " = orbis_dev_tile(__orbis_P.loops[" +
         Lv + "], " + K + ");\n" + loopVariable(DeviceCopy::Leader, L) +
         "do {\n" + statements(L.PreBlock) + "} while (0);\n"
         "orbis_dev_publish(__orbis_sh.ready, __orbis_q + 1);\n++__orbis_q;\n"
         "}\n"
         "if (" + K + " > 0) {\n"
         "const orbis_dev_tile_t " + C + " = " + Pending + ";\n" +
         loopVariable(DeviceCopy::Leader, L) +
         "orbis_dev_wait_reach(" + finishedSlot("__orbis_qdone") + ");\n"
         "++__orbis_qdone;\n"
         "do {\n" + statements(L.PostBlock) + "} while (0);\n"
         "}\n"
         "if (" + K + " < " + Tiles + ")\n  " + Pending +
         " = orbis_dev_tile(__orbis_P.loops[" + Lv + "], " + K + ");\n"
         "}\n}\n";
}

/// A worker's part of one innermost tile: wait for the leader's pre-blocks,
/// run the tile's sub-tiles, count the tile as finished.
std::string CudaNestEmitter::innermostWorker(const BlockedLoop &L) {
  std::string Lv = std::to_string(L.Level);
  std::string S = "orbis_dev_wait_above(__orbis_sh.ready, __orbis_q);\n";
  if (L.Level == 0) {
    // One level: the worker's sub-tile is the whole of its part of the tile.
    S += elementLoops(DeviceCopy::Intra);
  } else {
    std::string U = "__orbis_u" + Lv, C = "__orbis_c" + Lv;
    S += "for (long long " + U + " = 0; " + U + " < (" + C + ".size - 1) / "
         "__orbis_P.sub[" + Lv + "] + 1; ++" + U + ") {\n"
         "const orbis_dev_tile_t __orbis_s" + Lv +
         " = orbis_dev_subtile_in_loop(" + C + ", __orbis_P.sub[" + Lv +
         "], __orbis_P.sub_per_tile[" + Lv + "], __orbis_P.sub_count[" + Lv +
         "], " + U + ");\n" +
         loopVariable(DeviceCopy::Intra, L) + "do {\n" +
         statements(L.PreBlock) + elementLoops(DeviceCopy::Intra) +
         statements(L.PostBlock) + "} while (0);\n}\n";
  }
  // Counted in the ring: workers are in at most InFlight consecutive tiles.
  return S + finishedCount() + "++__orbis_q;\n";
}


/// Sets the printer up for one copy of the nest: the leader's queries read
/// its tiles and its `single`s are once for the whole loop (global state),
/// the workers' read their sub-tiles and are once per tile (shared state).
void CudaNestEmitter::printAs(DeviceCopy Copy) {
  Printer.Copy = Copy;
  Printer.QueryText = [Copy](const BlockedLoop &L, TileQuery Q) {
    return queryText(tileName(Copy, L.Level), L, Q);
  };
  std::string State = Copy == DeviceCopy::Leader ? "__orbis_P.once["
                                                 : "__orbis_sh.once[";
  Printer.OnceState = [this, State](const NestedDirective &Single) {
    return State + std::to_string(&Single - Nest.Singles.data()) + "]";
  };
  Printer.Hoisted = nullptr;
  if (Copy == DeviceCopy::Leader)
    Printer.Hoisted = [this](const NestedDirective &Single) {
      return llvm::is_contained(HostSingles, &Single);
    };
}

std::string CudaNestEmitter::kernel() {
  std::string N = id();
  unsigned Depth = Nest.Loops.size();
  std::string D = std::to_string(Depth);
  std::string S;
  // Parameters: the loops, the variables, the run-time state.
  S += "struct __orbis_params" + N + " {\n  orbis_loop_t loops[" + D +
       "];\n  long long lbs[" + D + "], sub[" + D + "], sub_per_tile[" + D +
       "], sub_count[" + D + "];\n"
       "  int workers, leader, lockstep;\n" +
       std::string(PairedRows
                       ? "  // Paired rows: warps per 32 rows (1 or 2), the "
                         "threads of one set of rows' warps, and where the "
                         "hand-over slots lie in dynamic shared memory.\n"
                         "  int pairs, row_threads;\n"
                         "  unsigned long long rows_hand;\n"
                       : "") +
       "  struct {\n"; // the user's variables, apart from the fields above
  for (const DeviceVariable &V : Vars) {
    QualType T = V.Var->getType().getNonReferenceType();
    if (V.Kind == DeviceVariable::ByValue)
      S += "  " + Printer.declaration(T.getUnqualifiedType(), V.name()) + ";\n";
    else if (V.Kind == DeviceVariable::Pointer)
      S += "  " + (V.VlaRank ? Printer.declaration(Ctx.getPointerType(
                                                       scalarElement(T)),
                                                   V.name())
                             : Printer.declaration(T.getUnqualifiedType(),
                                                   V.name())) +
           ";\n";
    else
      S += "  void *" + V.name() + ";\n";
  }
  S += "  } u;\n  long long dims[" + std::to_string(std::max(NumDims, 1u)) +
       "];\n  unsigned long long stage_offset[" +
       std::to_string(std::max<size_t>(Staged.size(), 1)) +
       "];\n  unsigned long long rows_stage;\n"
       "  unsigned long long *ticket;\n  int *once;\n"
       "  orbis_cuda_error_t *report;\n  unsigned long long arena;\n"
       "  orbis_gpu_tile_record_t *trace; // ORBIS_TRACE, else null\n};\n\n";
  // Shared state of a block.
  unsigned Singles = Nest.Singles.size();
  S += "struct __orbis_shared" + N + " {\n  long long next;\n"
       "  int ready, finished[ORBIS_DEV_TILES_IN_FLIGHT], task, task_done;\n"
       "  int once[" +
       std::to_string(std::max(Singles, 1u)) +
       "];\n  orbis_dev_arena_t arena;\n  struct {\n";
  for (const DeviceVariable &V : Vars)
    if (V.TileLocal)
      S += "  " + Printer.declaration(V.Var->getType().getNonReferenceType().getUnqualifiedType(),
                                      V.name()) +
           ";\n";
  S += "  } u; // tile-local copies of the user's variables\n";
  if (Rows.Applies)
    S += "  long long progress[32]; // rows in lockstep: columns each warp "
         "has finished\n";
  if (PairedRows)
    S += "  int hseq[32]; // paired rows: chunks handed over per warp\n";
  for (size_t K = 0; K < Staged.size(); ++K) {
    std::string Rank = std::to_string(Staged[K].Levels.size());
    S += "  long long bl" + std::to_string(K) + "[" + Rank + "], bl" +
         std::to_string(K) + "_size[" + Rank + "];\n";
  }
  S += "};\n\n";

  // Paired rows: one kernel for each count of warps per 32 rows, so that
  // the chunk loop's stride is a constant.
  if (PairedRows)
    S += "template <int __orbis_pairs>\n";
  S += "__global__ void __launch_bounds__(" + std::to_string(maxThreads()) +
       ") __orbis_kernel" + N +
       "(const __orbis_params" + N + " __orbis_P) {\n"
       "  __shared__ __orbis_shared" + N + " __orbis_sh;\n"
       "  extern __shared__ unsigned char __orbis_arena_mem[];\n";
  if (PairedRows)
    S += "  // Paired rows: thread t and t + row_threads run the same row.\n"
         "  const int __orbis_par = __orbis_pairs > 1 && (int)threadIdx.x < "
         "__orbis_P.leader ? (int)threadIdx.x / __orbis_P.row_threads : 0;\n"
         "  const int __orbis_tid = (int)threadIdx.x - __orbis_par * "
         "__orbis_P.row_threads;\n"
         "  (void)__orbis_tid;\n";
  for (const DeviceVariable &V : Vars) {
    std::string Name = V.name();
    QualType T = V.Var->getType().getNonReferenceType();
    switch (V.Kind) {
    case DeviceVariable::ByValue:
    case DeviceVariable::Pointer:
      S += "  auto " + Name + " = __orbis_P.u." + Name + ";\n";
      break;
    case DeviceVariable::Cell:
      S += "  " + Printer.declaration(T, "&" + Name) + " = *(" +
           Printer.declaration(Ctx.getPointerType(T), "") + ")__orbis_P.u." +
           Name + ";\n";
      break;
    case DeviceVariable::Array:
      if (V.VlaRank)
        S += "  auto " + Name + " = (" +
             Printer.declaration(Ctx.getPointerType(scalarElement(T)), "") +
             ")__orbis_P.u." + Name + ";\n";
      else
        S += "  " + Printer.declaration(T, "(&" + Name + ")") + " = *(" +
             Printer.declaration(Ctx.getPointerType(T), "") + ")__orbis_P.u." +
             Name + ";\n";
      break;
    }
    S += "  (void)" + Name + ";\n";
  }

  // block_local buffers, after the arena in dynamic shared memory.
  Printer.Staged.clear();
  for (size_t K = 0; K < Staged.size(); ++K) {
    const StagedArray &A = Staged[K];
    std::string Kn = std::to_string(K);
    QualType Ptr = Ctx.getPointerType(A.Elem.getUnqualifiedType());
    S += "  " + Printer.declaration(Ptr, "__orbis_bl" + Kn) + " = (" +
         Printer.declaration(Ptr, "") +
         ")(__orbis_arena_mem + __orbis_P.stage_offset[" + Kn + "]);\n";
    DevicePrinter::StagedAccess Access;
    Access.Buffer = "__orbis_bl" + Kn;
    for (size_t Dim = 0; Dim < A.Levels.size(); ++Dim) {
      Access.Origin.push_back("__orbis_sh.bl" + Kn + "[" +
                              std::to_string(Dim) + "]");
      Access.Pitch.push_back("(__orbis_P.loops[" +
                             std::to_string(A.Levels[Dim]) + "].tile + 2 * " +
                             std::to_string(A.Halo) + ")");
    }
    Printer.Staged[Vars[A.Var].Var] = Access;
  }
  if (!Staged.empty())
    S += stagingCode();

  // The leader: the inter-tile level, the code as written on the loops'
  // tiles.
  printAs(DeviceCopy::Leader);
  std::string Leader = levelCopy(DeviceCopy::Leader, 0);

  // The workers: the intra-tile level, the same nest on sub-tiles, with
  // tile-local globals and allocations.
  printAs(DeviceCopy::Intra);
  for (const DeviceVariable &V : Vars)
    if (V.TileLocal)
      Printer.TileLocal.insert(V.Var);
  std::string Worker = levelCopy(DeviceCopy::Intra, 0);

  std::string Reset;
  for (const DeviceVariable &V : Vars)
    if (V.TileLocal)
      Reset += "      __orbis_sh.u." + V.name() + " = " + V.name() + ";\n";
  // The arena's description is written once, by the leader, before the
  // first barrier.
  S += "  const bool __orbis_is_leader = threadIdx.x == __orbis_P.leader;\n"
       "  if (__orbis_is_leader) {\n"
       "    __orbis_sh.arena.base = __orbis_arena_mem;\n"
       "    __orbis_sh.arena.size = __orbis_P.arena;\n"
       "    __orbis_sh.arena.report = __orbis_P.report;\n"
       "    __orbis_sh.arena.where = " +
       quoted(where(Nest.root().Pragma->Dir.Loc)) +
       ";\n"
       "  }\n"
       "  for (;;) {\n"
       "    if (__orbis_is_leader) {\n"
       "      __orbis_sh.next = (long long)atomicAdd(__orbis_P.ticket, 1ull);\n"
       "      __orbis_sh.ready = 0;\n"
       "      for (int __orbis_i = 0; __orbis_i < ORBIS_DEV_TILES_IN_FLIGHT; "
       "++__orbis_i)\n"
       "        __orbis_sh.finished[__orbis_i] = 0;\n"
       "      __orbis_sh.task = 0;\n"
       "      __orbis_sh.task_done = 0;\n"
       "      __orbis_sh.arena.used = 0;\n"
       "      for (int __orbis_i = 0; __orbis_i < " +
       std::to_string(std::max(Singles, 1u)) +
       "; ++__orbis_i)\n"
       "        __orbis_sh.once[__orbis_i] = 0;\n" +
       (Rows.Applies ? "      for (int __orbis_i = 0; __orbis_i < 32; "
                       "++__orbis_i)\n"
                       "        __orbis_sh.progress[__orbis_i] = 0;\n"
                     : "") +
       (PairedRows ? "      for (int __orbis_i = 0; __orbis_i < 32; "
                     "++__orbis_i)\n"
                     "        __orbis_sh.hseq[__orbis_i] = 0;\n"
                   : "") +
       Reset +
       "    }\n"
       "    orbis_dev_barrier();\n"
       "    const long long __orbis_k0 = __orbis_sh.next;\n"
       "    if (__orbis_k0 >= __orbis_P.loops[0].num_tiles)\n"
       "      break;\n"
       "    const orbis_dev_tile_t __orbis_c0 = "
       "orbis_dev_tile(__orbis_P.loops[0], __orbis_k0);\n"
       "    const unsigned long long __orbis_start = __orbis_P.trace && "
       "__orbis_is_leader ? orbis_dev_clock() : 0;\n"
       "    const long long __orbis_workers = (__orbis_c0.size - 1) / "
       "__orbis_P.sub[0] + 1;\n"
       "    int __orbis_q = 0, __orbis_qdone = 0, __orbis_tasks = 0;\n"
       "    (void)__orbis_qdone;\n"
       "    (void)__orbis_tasks;\n"
       "    if (__orbis_is_leader) {\n";
  // Tile-local globals: the workers see the shared copies.
  std::string WorkerRefs;
  for (const DeviceVariable &V : Vars)
    if (V.TileLocal)
      WorkerRefs += "decltype(__orbis_sh.u." + V.name() + ") &" + V.name() +
                    " = __orbis_sh.u." + V.name() + ";\n";
  std::string Helpers;
  if (!Staged.empty())
    Helpers = "      orbis_dev_publish(__orbis_sh.task, -1);\n"
              "    } else if (threadIdx.x > __orbis_P.leader) {\n"
              "      // The other lanes of the leader warp: staging tasks.\n"
              "      int __orbis_seen = 0;\n"
              "      for (;;) {\n"
              "        int __orbis_task;\n"
              "        do {\n"
              "          __orbis_task = cuda::atomic_ref<int, "
              "cuda::thread_scope_block>(__orbis_sh.task).load("
              "cuda::memory_order_acquire);\n"
              "        } while (__orbis_task == __orbis_seen);\n"
              "        if (__orbis_task < 0)\n"
              "          break;\n"
              "        __orbis_seen = __orbis_task;\n"
              "        __orbis_stage((int)(threadIdx.x - __orbis_P.leader), "
              "(__orbis_task & 1) != 0);\n"
              "        orbis_dev_count(__orbis_sh.task_done);\n"
              "      }\n";
  S += Leader + Helpers +
       (PairedRows ? "    } else if ((int)threadIdx.x < __orbis_P.leader && "
                     "__orbis_tid < __orbis_workers) {\n"
                   : "    } else if (threadIdx.x < __orbis_workers) {\n") +
       "orbis_dev_arena_t &__orbis_arena = __orbis_sh.arena;\n"
       "(void)__orbis_arena;\n" +
       WorkerRefs +
       "const orbis_dev_tile_t __orbis_s0 = orbis_dev_subtile(__orbis_c0, "
       "__orbis_P.sub[0], " +
       (PairedRows ? "__orbis_tid" : "threadIdx.x") + ");\n" +
       Worker +
       "    }\n"
       "    orbis_dev_barrier();\n"
       "    if (__orbis_P.trace && __orbis_is_leader)\n"
       "      orbis_dev_trace_tile(__orbis_P.trace + __orbis_k0, "
       "__orbis_start);\n"
       "  }\n"
       "}\n\n";
  return S;
}


} // namespace orbis::cuda
