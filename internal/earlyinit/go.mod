module earlyinit

go 1.26
