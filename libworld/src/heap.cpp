/// \file
/// World heap of one process (see heap.h).
#include "heap.h"

#include <cstring>

namespace orbis::world {

orbis_world_ptr_t Heap::create(int Rank, uint64_t Count, uint32_t ElemSize,
                               uint32_t FixedId) {
  uint32_t Id = FixedId ? FixedId : NextId++;
  if (FixedId >= NextId)
    NextId = FixedId + 1; // fixed ids (the root) are never handed out again
  Allocation &A = Allocations[Id];
  A.Count = Count;
  A.ElemSize = ElemSize;
  A.Data.assign(Count * ElemSize, 0);
  A.Writer.assign(Count, -1);
  return orbis_world_ptr_t{uint32_t(Rank), Id, Count, ElemSize, 0};
}

orbis_world_ptr_t Heap::createAtomic(int Rank, uint64_t Count) {
  orbis_world_ptr_t P = create(Rank, Count, sizeof(int64_t));
  Allocation &A = *find(P.id);
  A.Atomic = true;
  A.Writer.assign(Count, Rank);
  A.Initialized = Count;
  P.flags = ORBIS_WORLD_ATOMIC;
  return P;
}

orbis_status_t Heap::atomicAdd(uint32_t Id, uint64_t Index, int64_t Delta,
                               int64_t &Old, std::string &Why) {
  if (orbis_status_t S = check(Id, Index, 1, Why))
    return S;
  Allocation &A = *find(Id);
  if (!A.Atomic) {
    Why = "allocation " + std::to_string(Id) + " does not hold world integers";
    return ORBIS_ERR_INVALID;
  }
  int64_t *Cell = reinterpret_cast<int64_t *>(A.Data.data()) + Index;
  Old = *Cell;
  *Cell = int64_t(uint64_t(Old) + uint64_t(Delta));
  return ORBIS_OK;
}

orbis_status_t Heap::release(uint32_t Id) {
  return Allocations.erase(Id) ? ORBIS_OK : ORBIS_ERR_UNKNOWN_ALLOCATION;
}

Allocation *Heap::find(uint32_t Id) {
  auto It = Allocations.find(Id);
  return It == Allocations.end() ? nullptr : &It->second;
}

orbis_status_t Heap::check(uint32_t Id, uint64_t First, uint64_t Count,
                           std::string &Why) {
  Allocation *A = find(Id);
  if (!A) {
    Why = "allocation " + std::to_string(Id) + " does not exist (freed?)";
    return ORBIS_ERR_UNKNOWN_ALLOCATION;
  }
  if (First > A->Count || Count > A->Count - First) {
    Why = "elements [" + std::to_string(First) + ", " +
          std::to_string(First + Count) + ") are outside allocation " +
          std::to_string(Id) + " of " + std::to_string(A->Count) +
          " elements";
    return ORBIS_ERR_OUT_OF_BOUNDS;
  }
  return ORBIS_OK;
}

orbis_status_t Heap::store(uint32_t Id, uint64_t First, uint64_t Count,
                           const void *Values, int Writer, std::string &Why) {
  if (orbis_status_t S = check(Id, First, Count, Why))
    return S;
  Allocation &A = *find(Id);
  if (A.Atomic) {
    Why = "allocation " + std::to_string(Id) +
          " holds world integers: they change only through atomic add";
    return ORBIS_ERR_INVALID;
  }
  if (orbis_status_t S = checkUnwritten(A, Id, First, Count, Writer, Why))
    return S;
  std::memcpy(A.Data.data() + First * A.ElemSize, Values, Count * A.ElemSize);
  commit(Id, First, Count, Writer);
  return ORBIS_OK;
}

orbis_status_t Heap::checkUnwritten(const Allocation &A, uint32_t Id,
                                    uint64_t First, uint64_t Count,
                                    int Writer, std::string &Why) {
  for (uint64_t I = First; I < First + Count; ++I)
    if (A.Writer[I] != -1) {
      int Previous = A.Writer[I] >= 0 ? A.Writer[I] : -A.Writer[I] - 2;
      Why = "element " + std::to_string(I) + " of allocation " +
            std::to_string(Id) + " was written by rank " +
            std::to_string(Previous) + " and again by rank " +
            std::to_string(Writer);
      return ORBIS_ERR_DOUBLE_WRITE;
    }
  return ORBIS_OK;
}

char *Heap::reserve(uint32_t Id, uint64_t First, uint64_t Count, int Writer,
                    std::string &Why, orbis_status_t &Status) {
  Status = check(Id, First, Count, Why);
  if (Status)
    return nullptr;
  Allocation &A = *find(Id);
  if (A.Atomic) {
    Status = ORBIS_ERR_INVALID;
    Why = "allocation " + std::to_string(Id) +
          " holds world integers: they change only through atomic add";
    return nullptr;
  }
  Status = checkUnwritten(A, Id, First, Count, Writer, Why);
  if (Status)
    return nullptr;
  for (uint64_t I = First; I < First + Count; ++I)
    A.Writer[I] = -(Writer + 2);
  return A.Data.data() + First * A.ElemSize;
}

void Heap::commit(uint32_t Id, uint64_t First, uint64_t Count, int Writer) {
  Allocation &A = *find(Id);
  for (uint64_t I = First; I < First + Count; ++I)
    A.Writer[I] = Writer;
  A.Initialized += Count;
}

bool Heap::ready(uint32_t Id, uint64_t First, uint64_t Count) {
  Allocation *A = find(Id);
  if (!A)
    return false;
  if (A->Initialized == A->Count)
    return true;
  for (uint64_t I = First; I < First + Count; ++I)
    if (A->Writer[I] < 0)
      return false;
  return true;
}

bool Heap::readyFrom(uint32_t Id, uint64_t &Next, uint64_t End) {
  Allocation *A = find(Id);
  if (!A)
    return false;
  if (A->Initialized == A->Count)
    Next = End;
  while (Next < End && A->Writer[Next] >= 0)
    ++Next;
  return Next == End;
}

void Heap::copyOut(uint32_t Id, uint64_t First, uint64_t Count, void *Values) {
  Allocation &A = *find(Id);
  std::memcpy(Values, A.Data.data() + First * A.ElemSize, Count * A.ElemSize);
}

} // namespace orbis::world
