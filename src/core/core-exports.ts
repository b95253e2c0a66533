// The functions core-rs exports to JavaScript (core-rs/src/abi/*.rs), as `CoreAbi` sees
// them. Pointers and lengths are byte offsets into the instance's linear memory; most
// return a status (0 ok, 1 error) and leave one output buffer (`gg_out_ptr`/`gg_out_len`).
export interface CoreExports {
  memory: WebAssembly.Memory;
  gg_init(): void;
  gg_alloc(len: number): number;
  gg_free(ptr: number, len: number): void;
  gg_out_ptr(): number;
  gg_out_len(): number;
  gg_panic_ptr(): number;
  gg_panic_len(): number;
  gg_debug_panic(): number;
  gg_hex_parse(ptr: number, len: number): number;
  gg_logo_compile(srcPtr: number, srcLen: number, verPtr: number, verLen: number): number;
  gg_logo_filter(ptr: number, len: number): number;
  gg_logo_parse(srcPtr: number, srcLen: number, verPtr: number, verLen: number): number;
  gg_logo_pick_version(boardType: number, firmwareVersion: number): number;
  gg_hid_build(ptr: number, len: number): number;
  gg_hid_decode(ptr: number, len: number): number;
  gg_hid_encode(ptr: number, len: number): number;
  gg_vm_create(): number;
  gg_vm_destroy(handle: number): number;
  gg_vm_configure(handle: number, ptr: number, len: number): number;
  gg_vm_load(handle: number, ptr: number, len: number, version: number): number;
  gg_vm_control(handle: number, action: number, nowMs: number): number;
  gg_vm_set_autorun(handle: number, on: number): number;
  gg_vm_set_inputs(handle: number, ptr: number, len: number): number;
  gg_vm_receive(handle: number, kind: number, ptr: number, len: number): number;
  gg_vm_step(handle: number, budget: number, nowMs: number): number;
  gg_vm_snapshot(handle: number): number;
  gg_vm_data_log(handle: number): number;
  gg_logo_decompile(
    codePtr: number,
    codeLen: number,
    verPtr: number,
    verLen: number,
    autoRun: number,
  ): number;
  gg_memread_reply(
    areaPtr: number,
    areaLen: number,
    programLen: number,
    autorun: number,
    reqPtr: number,
    reqLen: number,
  ): number;
  gg_memread_assemble(offset: number, ptr: number, len: number): number;
  gg_datalog_open(format: number): number;
  gg_datalog_push(handle: number, ptr: number, len: number, stride: number): number;
  gg_datalog_finish(handle: number): number;
  gg_datalog_summary(handle: number): number;
  gg_datalog_column(handle: number, which: number): number;
  gg_datalog_downsample(handle: number, ptr: number, len: number): number;
  gg_datalog_from_columns(ptr: number, len: number): number;
  gg_datalog_missing(partial: number, full: number): number;
  gg_datalog_close(handle: number): number;
  gg_flash_plan(ptr: number, len: number): number;
  gg_flash_chip_for_name(ptr: number, len: number): number;
  gg_firmware_check(ptr: number, len: number): number;
}
