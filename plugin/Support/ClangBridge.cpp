//===- ClangBridge.cpp - Load the clang frontend plugin when in clang -----===//
//
// `clang -fplugin=libADPass.so` loads this library; the frontend plugin
// that registers the pass with clang's code generator needs libclang-cpp,
// which opt cannot load. So the clang part lives in libADPassClang.so next
// to this file, and is loaded here only when the process is clang.
//
//===----------------------------------------------------------------------===//
#include <dlfcn.h>
#include <stdio.h>
#include <string>

namespace {

std::string directoryOfThisLibrary() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&directoryOfThisLibrary), &Info) ||
      !Info.dli_fname)
    return ".";
  std::string Path = Info.dli_fname;
  size_t Slash = Path.rfind('/');
  return Slash == std::string::npos ? "." : Path.substr(0, Slash);
}

struct LoadClangPlugin {
  LoadClangPlugin() {
    // Clang's frontend plugin registry is there only inside clang.
    if (!dlsym(RTLD_DEFAULT,
               "_ZN4llvm8RegistryIN5clang15PluginASTActionEE4HeadE"))
      return;
    std::string Companion = directoryOfThisLibrary() + "/libADPassClang.so";
    if (!dlopen(Companion.c_str(), RTLD_NOW | RTLD_GLOBAL))
      fprintf(stderr, "ADPass: cannot load %s: %s\n", Companion.c_str(),
              dlerror());
  }
} Loader;

} // namespace
