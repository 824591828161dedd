# Rummage: the README's two commands are `make run` and `make test`.
# Both install the Debian packages Fyne needs when they are missing.

GO      ?= go
BIN     ?= rummage
CLI     ?= rummage-cli
# Fixed locale and scale keep Fyne quiet and screenshots repeatable.
export LANG ?= en_US.UTF-8

# Versions (internal/version): Go stamps the module version (the tag, or a
# pseudo-version for a later commit, +dirty with changes) and the commit from
# git; -buildvcs=auto asks for that even where GOFLAGS says -buildvcs=false,
# whenever this folder is the top of a git work tree. The -X flags of scripts/buildinfo.sh
# (FyneApp.toml's Version and the commit) are the fallback where Go stamps
# nothing: a git worktree, a machine without git, a source tarball.
VCSFLAG := $(shell [ "$$(git rev-parse --show-toplevel 2>/dev/null)" = "$$(pwd -P)" ] && echo -buildvcs=auto)
LDFLAGS := $(shell sh scripts/buildinfo.sh)
GOBUILD  = $(GO) build $(VCSFLAG) -ldflags "$(LDFLAGS)"

.PHONY: run test build cli man share deb cross release deps test-deps vet unit purego gltf-validate race screenshot-test desktop-test hostile hostile-full fuzz bench lint clean install install-files uninstall package

## run: build and open the window (FILE=... to open files; default: the built-in samples)
run: build
	./$(BIN) $(FILE)

## test: vet, staticcheck, unit tests, the renderer's tests again on its Go
## paths (purego), the Khronos glTF validator on every .glb the unit tests
## wrote, the race detector on the packages without a window, the
## command-line-only build and its cross-builds, the quick set of hostile
## inputs, and the real window under Xvfb with --screenshot
test: test-deps vet lint unit purego gltf-validate race cli cross hostile screenshot-test desktop-test

build: deps
	$(GOBUILD) -o $(BIN) .

## cli: the static command-line-only binary (every subcommand, no window;
## needs no GL, X11 or C library)
cli:
	CGO_ENABLED=0 $(GOBUILD) -tags nogui -o $(CLI) .

## man: the man page rummage.1, made from the CLI's flag definitions
man:
	$(GO) run ./scripts/genman > rummage.1

## cross: the command-line-only binary builds for every release target (pure
## Go), and the Windows window's own files (the file associations) type-check
## and vet (-tags ci stands in for Fyne's GL driver, which needs cgo)
CROSS := linux/amd64 linux/arm64 windows/amd64 darwin/arm64
cross:
	@for t in $(CROSS); do GOOS=$${t%/*} GOARCH=$${t#*/} CGO_ENABLED=0 $(GO) build -tags nogui -o /dev/null . || { echo "cross: $$t failed" >&2; exit 1; }; done
	GOOS=windows GOARCH=amd64 CGO_ENABLED=0 $(GO) vet -tags ci . ./internal/winassoc

## release: dist/ gets the static CLI for each of CROSS, the Windows window
## (cross-built with mingw-w64, installed when missing) and SHA256SUMS
release:
	@GO=$(GO) sh scripts/release.sh $(CROSS)

deps:
	@sh scripts/install-deps.sh build

test-deps:
	@sh scripts/install-deps.sh test

vet:
	$(GO) vet ./...

# The unit tests copy every .glb they write into GLB_DIR (export/glbtest).
GLB_DIR ?= $(CURDIR)/.cache/glb

unit:
	rm -rf $(GLB_DIR) && mkdir -p $(GLB_DIR)
	RUMMAGE_GLB_DIR=$(GLB_DIR) $(GO) test -count=1 ./...

## purego: the preview tests with the purego build tag, which leaves out
## the amd64 assembly loops, so the Go paths other architectures run are
## tested here too
purego:
	$(GO) test -count=1 -tags purego ./preview/...

## gltf-validate: the unit tests, then the Khronos validator (npm
## gltf-validator, pinned in the script, installed under ~/.cache/rummage
## when missing) on every .glb they wrote: zero errors, zero warnings
gltf-validate: unit
	@sh scripts/validate-gltf.sh $(GLB_DIR)

## race: the race detector on the packages the window's background work uses
race:
	$(GO) test -race -count=1 ./formats/... ./export/... ./preview/... ./cli/...

screenshot-test: build
	@sh scripts/screenshot-test.sh ./$(BIN)
	@sh scripts/inspector-shots.sh ./$(BIN)

desktop-test: build cli
	@sh scripts/desktop-test.sh ./$(BIN) ./$(CLI)

## hostile: the quick set of hostile inputs on the command-line binary
## (peak memory of each command beside its budget, refused writes, nothing
## left behind by kill -9, errors with offsets); hostile-full: every case
hostile: cli
	$(GO) run ./scripts/hostile -quick -bin ./$(CLI)

hostile-full: cli
	$(GO) run ./scripts/hostile -bin ./$(CLI)

## fuzz: the full set of hostile inputs, then every fuzz target for
## FUZZTIME each (default 30s)
FUZZTIME ?= 30s
fuzz: hostile-full
	@sh scripts/fuzz.sh $(FUZZTIME)

## bench: each budget of docs/architecture.md beside the figure measured now
## (REF_LZHUF=path adds the side-by-side run against the reference lzhuf.c)
bench:
	@sh scripts/bench-report.sh

lint:
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 ./...

## install: the binary and the command-line-only rummage-cli, the desktop
## file, the icon, the MIME types and the AppStream metainfo, so a
## double-click in a file manager opens Rummage, and the man page and the
## bash, zsh and fish completions of both commands (PREFIX=/usr/local by
## default, ~/.local when not root; DESTDIR for staging; ZSHDIR for zsh's
## folder, e.g. share/zsh/vendor-completions on Debian)
ifeq ($(shell id -u),0)
PREFIX  ?= /usr/local
else
PREFIX  ?= $(HOME)/.local
endif
APPID   := io.github.rummage
BINDIR  ?= $(PREFIX)/bin
DATADIR ?= $(PREFIX)/share
MANDIR  ?= $(DATADIR)/man
ZSHDIR  ?= $(DATADIR)/zsh/site-functions
# The generated files: the man page and the completion scripts.
SHARE   := .cache/share
RUNCLI   = $(if $(findstring /,$(CLI)),$(CLI),./$(CLI))
# Every file install-files writes, under $(DESTDIR) (uninstall removes them).
INSTALLED = $(BINDIR)/rummage $(BINDIR)/rummage-cli \
  $(DATADIR)/applications/$(APPID).desktop $(DATADIR)/mime/packages/$(APPID).xml \
  $(DATADIR)/metainfo/$(APPID).metainfo.xml $(DATADIR)/icons/hicolor/512x512/apps/$(APPID).png \
  $(MANDIR)/man1/rummage.1 $(MANDIR)/man1/rummage-cli.1 \
  $(DATADIR)/bash-completion/completions/rummage $(DATADIR)/bash-completion/completions/rummage-cli \
  $(ZSHDIR)/_rummage $(DATADIR)/fish/vendor_completions.d/rummage.fish \
  $(DATADIR)/fish/vendor_completions.d/rummage-cli.fish

install: build cli install-files

## share: the man page and the completion scripts, made from the CLI's flag
## definitions into .cache/share (needs the built rummage-cli)
share:
	@mkdir -p $(SHARE)
	$(GO) run ./scripts/genman > $(SHARE)/rummage.1
	printf '.so man1/rummage.1\n' > $(SHARE)/rummage-cli.1
	$(RUNCLI) completion bash > $(SHARE)/rummage.bash
	$(RUNCLI) completion zsh > $(SHARE)/_rummage
	$(RUNCLI) completion fish > $(SHARE)/rummage.fish

install-files: share
	install -D -m 755 $(BIN) $(DESTDIR)$(BINDIR)/rummage
	install -D -m 755 $(CLI) $(DESTDIR)$(BINDIR)/rummage-cli
	install -D -m 644 packaging/linux/$(APPID).desktop $(DESTDIR)$(DATADIR)/applications/$(APPID).desktop
	install -D -m 644 packaging/linux/$(APPID).xml $(DESTDIR)$(DATADIR)/mime/packages/$(APPID).xml
	install -D -m 644 packaging/linux/$(APPID).metainfo.xml $(DESTDIR)$(DATADIR)/metainfo/$(APPID).metainfo.xml
	install -D -m 644 icons/rummage.png $(DESTDIR)$(DATADIR)/icons/hicolor/512x512/apps/$(APPID).png
	install -D -m 644 $(SHARE)/rummage.1 $(DESTDIR)$(MANDIR)/man1/rummage.1
	install -D -m 644 $(SHARE)/rummage-cli.1 $(DESTDIR)$(MANDIR)/man1/rummage-cli.1
	install -D -m 644 $(SHARE)/rummage.bash $(DESTDIR)$(DATADIR)/bash-completion/completions/rummage
	ln -sf rummage $(DESTDIR)$(DATADIR)/bash-completion/completions/rummage-cli
	install -D -m 644 $(SHARE)/_rummage $(DESTDIR)$(ZSHDIR)/_rummage
	install -D -m 644 $(SHARE)/rummage.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/rummage.fish
	ln -sf rummage.fish $(DESTDIR)$(DATADIR)/fish/vendor_completions.d/rummage-cli.fish
	-[ -n "$(DESTDIR)" ] || ! command -v update-mime-database >/dev/null || update-mime-database $(DATADIR)/mime
	-[ -n "$(DESTDIR)" ] || ! command -v update-desktop-database >/dev/null || update-desktop-database $(DATADIR)/applications

## deb: the Debian package dist/rummage_VERSION_ARCH.deb of the built
## binaries and everything make install installs (scripts/package-deb.sh;
## installs dpkg-dev when missing)
deb: build cli
	@sh scripts/install-deps.sh package
	@sh scripts/package-deb.sh ./$(BIN) ./$(CLI) dist

## package: the .deb, and the Linux bundle dist/Rummage.tar.xz made by `fyne
## package -os linux` (fyne.io/tools v1.7.4) from the built binary, completed
## with the MIME types (needs xz-utils); not part of `make test`
package: deb
	@sh scripts/package-linux.sh ./$(BIN)

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-[ -n "$(DESTDIR)" ] || ! command -v update-mime-database >/dev/null || update-mime-database $(DATADIR)/mime
	-[ -n "$(DESTDIR)" ] || ! command -v update-desktop-database >/dev/null || update-desktop-database $(DATADIR)/applications

clean:
	rm -f $(BIN) $(CLI)
	rm -rf $(SHARE)
