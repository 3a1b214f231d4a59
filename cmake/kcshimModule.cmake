# kcshim_add_module(NAME SOURCES...): builds kernel-style driver sources into a module .so that
# `kcshim -m NAME.so` (or kcshim_load_module()) loads. -DMODULE gives it its own THIS_MODULE;
# -Bsymbolic keeps its calls to its own functions inside it, so two builds of one driver can be
# loaded side by side.
function(kcshim_add_module name)
  add_library(${name} MODULE ${ARGN})
  set_target_properties(${name} PROPERTIES PREFIX "" C_STANDARD 11 C_EXTENSIONS ON)
  target_compile_definitions(${name} PRIVATE MODULE KBUILD_MODNAME="${name}")
  target_link_options(${name} PRIVATE -Wl,-Bsymbolic)
  if(TARGET kcshim::kcshim_headers)
    target_link_libraries(${name} PRIVATE kcshim::kcshim_headers)
  else()
    target_link_libraries(${name} PRIVATE kcshim_headers)
  endif()
endfunction()
