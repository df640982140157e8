// The first include of every LibTorch test: LibTorch's headers, then Catch's. LibTorch brings
// glog's CHECK, which aborts; the tests want Catch's, which reports. Included first, once per
// translation unit, it gives the same CHECK when the files are built together (a unity build).
#pragma once

#include <torch/torch.h>
#undef CHECK
#include <catch2/catch.hpp>
